import { type Static, Type } from '@sinclair/typebox';

const PropertyName = Type.String({ minLength: 1, maxLength: 200 });

/**
 * A feature's time from its properties (Re:Earth's `data.time`): the start from `property`, the
 * end from `endProperty` or `duration` seconds after the start; with neither, a feature shows from
 * its start on. Values are ISO 8601 dates or milliseconds since 1970.
 */
export const LayerTimeSchema = Type.Object(
  {
    property: PropertyName,
    endProperty: Type.Optional(PropertyName),
    duration: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
  },
  { additionalProperties: false },
);

export type LayerTime = Static<typeof LayerTimeSchema>;
