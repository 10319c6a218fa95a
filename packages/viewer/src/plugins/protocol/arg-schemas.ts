import { type TLiteral, type TNull, type TOptional, type TSchema, type TUndefined, type TUnion, Type } from '@sinclair/typebox';
import type { CameraEventModifier, CameraEventName } from '@orbis/plugin-api';
import { INTERACTION_MODES } from './interaction-modes.js';

/**
 * The argument types of the host operations, as TypeBox schemas. Each carries `wants`, how an
 * error message says what it takes ("a finite number"): check-args.ts names the first wrong
 * argument with it. Formats (`css-color`, `time`) are registered by check-args.ts, which the page
 * and the worker import; the plugin runtime imports only the types of this file.
 */

/** The fields of a (partial) camera position. */
export const CAMERA_FIELDS = ['lng', 'lat', 'height', 'heading', 'pitch', 'roll', 'fov'] as const;
/** Where `app.popup` may sit beside its widget (Re:Earth's placements). */
export const POPUP_POSITIONS = ['top', 'right', 'bottom', 'left'].flatMap((side) => [side, `${side}-start`, `${side}-end`]) as readonly PopupPosition[];
type PopupPosition = `${'top' | 'right' | 'bottom' | 'left'}${'' | '-start' | '-end'}`;
/** The sketch tools of docs/contract.md §8. */
export const SKETCH_TOOLS = ['marker', 'polyline', 'polygon', 'circle', 'rectangle', 'extrudedCircle', 'extrudedRectangle', 'extrudedPolygon'] as const;
const DIRECTIONS = ['forward', 'backward', 'up', 'down', 'left', 'right'] as const;
/** Re:Earth's names of CesiumJS's CameraEventType and KeyboardEventModifier values. */
export const CAMERA_EVENT_NAMES = ['left_drag', 'right_drag', 'middle_drag', 'wheel', 'pinch'] as const satisfies readonly CameraEventName[];
export const CAMERA_EVENT_MODIFIERS = ['ctrl', 'shift', 'alt'] as const satisfies readonly CameraEventModifier[];

/**
 * A frame's width or height as a CSS length string (`app.ui`, `app.modal`, `app.popup`): Re:Earth
 * hands a string straight to the iframe's style, so any CSS it takes works there; Orbis takes the
 * plain lengths plugins use (a non-negative number with px, %, vw, vh, vmin, vmax, em or rem, or
 * `auto`) and nothing else, so a size can never carry more CSS ("1px; background:url(x)").
 */
export const CSS_SIZE = /^(?:(?:\d{1,6}(?:\.\d{1,6})?|\.\d{1,6})(?:px|%|vw|vh|vmin|vmax|em|rem)|auto)$/;

/** One of a list of strings, said as "one of a, b, c". */
const oneOf = <const T extends readonly string[]>(values: T, wants = `one of ${values.join(', ')}`) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { wants },
  ) as TUnion<TLiteral<T[number]>[]>;

// TypeBox's numbers are finite unless its policy allows NaN (it does not by default).
const number = Type.Number();

export const finite = Type.Number({ wants: 'a finite number' });
/** A perspective camera's field of view: CesiumJS draws nothing sensible at 0 or from π on. */
export const fieldOfView = Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: Math.PI, wants: 'a field of view in radians, more than 0 and less than π' });
export const nonNegative = Type.Number({ minimum: 0, wants: 'a finite number, 0 or more' });
export const boolean = Type.Boolean({ wants: 'a boolean' });
export const string = Type.String({ wants: 'a string' });
export const object = Type.Record(Type.String(), Type.Unknown(), { wants: 'an object' });
/** An object the host checks further (a layer, a patch), typed as the plugin API hands it over. */
export const objectOf = <T extends object>() => Type.Unsafe<T>(object);
export const anything = Type.Unknown({ wants: 'anything' });
export const direction = oneOf(DIRECTIONS);
export const position = Type.Tuple([number, number, number], { wants: 'a Cartesian position [x, y, z]' });
export const screenOffset = Type.Tuple([number, number], { wants: 'a screen offset [x, y]' });
export const frameSize = Type.Union([number, Type.String({ pattern: CSS_SIZE.source })], {
  wants: 'a number of CSS pixels or a CSS length such as "300px", "50%", "20vh", "10em" or "auto"',
});
export const longitude = Type.Number({ minimum: -180, maximum: 180, wants: 'a longitude in degrees from -180 to 180' });
export const latitude = Type.Number({ minimum: -90, maximum: 90, wants: 'a latitude in degrees from -90 to 90' });
export const popupPosition = oneOf(POPUP_POSITIONS as readonly PopupPosition[]);
/** Re:Earth's PopupOffset: a number, or an object whose axes are numbers (`alignmentAxis` may be null); other keys are ignored, as Re:Earth's placement ignores them. */
export const popupOffset = Type.Union(
  [
    number,
    Type.Object({
      mainAxis: Type.Optional(Type.Union([number, Type.Null()])),
      crossAxis: Type.Optional(Type.Union([number, Type.Null()])),
      alignmentAxis: Type.Optional(Type.Union([number, Type.Null()])),
    }),
  ],
  { wants: 'a finite number or {mainAxis?, crossAxis?, alignmentAxis?} of finite numbers' },
);
export const mode = oneOf(INTERACTION_MODES);
export const httpUrl = Type.String({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', wants: 'an http: or https: URL' });
export const strings = Type.Array(Type.String(), { wants: 'a list of strings' });
export const screenRect = Type.Tuple([number, number, number, number], { wants: 'a screen rectangle [x, y, width, height]' });
export const featureSelection = Type.Array(Type.Object({ layerId: Type.String(), featureId: Type.Array(Type.String()) }), {
  wants: 'a list of {layerId, featureId: [ids]}',
});
/** Re:Earth's `…EventTypes` of ScreenSpaceCameraControllerOptions: gestures, each alone or with a key. */
export const cameraEventTypes = Type.Array(
  Type.Union([oneOf(CAMERA_EVENT_NAMES), Type.Object({ eventType: oneOf(CAMERA_EVENT_NAMES), modifier: oneOf(CAMERA_EVENT_MODIFIERS) })]),
  { wants: `a list of gestures, each one of ${CAMERA_EVENT_NAMES.join(', ')} or {eventType, modifier: ${CAMERA_EVENT_MODIFIERS.join(' | ')}}` },
);
export const sketchTool = oneOf(SKETCH_TOOLS, `one of ${SKETCH_TOOLS.join(', ')} or undefined`);
export const cssColor = Type.String({ format: 'css-color', wants: 'a CSS colour such as "#ff0000" or "red"' });
/** A time as it crosses: milliseconds since 1970 (a Date) or an ISO 8601 string. */
export const time = Type.Union([number, Type.String({ format: 'time' })], { wants: 'a Date or an ISO 8601 date-time string' });
export const stepType = oneOf(['rate', 'fixed']);
export const rangeType = oneOf(['unbounded', 'clamped', 'bounced']);
export const cameraTarget = Type.Union(
  [
    Type.String(),
    Type.Object(
      Object.fromEntries(CAMERA_FIELDS.map((f) => [f, Type.Optional(Type.Union([number, Type.Null()]))])) as Record<
        (typeof CAMERA_FIELDS)[number],
        TOptional<TUnion<[typeof number, TNull]>>
      >,
    ),
  ],
  { wants: 'a layer id or a camera position whose lng, lat, height, heading, pitch, roll and fov are finite numbers' },
);

/** An object with these fields (others are ignored); a wrong field is named by its path. */
export const fields = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { wants: 'an object' });

/**
 * An optional argument or field: absent, where `null` and `undefined` are one value (they are,
 * once through JSON). `absentOr` marks it for check-args.ts, which then explains the inner type.
 */
export type Maybe<T extends TSchema> = TOptional<TUnion<[T, TNull, TUndefined]>>;
export const maybe = <T extends TSchema>(schema: T): Maybe<T> => Type.Optional(Type.Union([schema, Type.Null(), Type.Undefined()], { absentOr: true }));
