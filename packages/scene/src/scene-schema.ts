import { TERRAIN_TYPES } from './raster-layers.js';
import { type Static, Type } from '@sinclair/typebox';
import { LAYER_TYPES, type LayerType, SCENE_LAYER_TYPES, type SceneLayerType } from './layer-types.js';
import { MAX_TIMELINE_SPEED } from './timeline-limits.js';
import { TILE_TYPES } from './tile-types.js';
import { LAYER_TOOL_FIELDS, LayerGroupSchema } from './layer-tools.js';
import { AppearanceSchema, BlockSchema, MAX_BLOCKS, HttpUrlSchema, InfoboxSchema, LayerDataSchema, stringEnum } from './appearance-schema.js';
import { SCENE_LANGUAGES } from './languages.js';

/**
 * docs/contract.md §4 and §9: the scene document of `GET/PUT /api/projects/{p}/scene`, declared once. The
 * server compiles this JSON Schema with Ajv; the viewer takes its types from it. Rules that span
 * several fields (one source per layer, unique ids) are in `scene-rules.ts`.
 */

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
/** A short text that is not only blanks (`\S` matches anywhere: JSON Schema patterns are not anchored). */
const Title = Type.String({ pattern: '\\S', maxLength: 200 });
/** A project asset's id: a ULID. */
const AssetIdSchema = Type.String({ pattern: '^[0-9A-HJKMNP-TV-Z]{26}$' });
const HexColor = Type.String({ pattern: '^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$', maxLength: 9 });
const closed = { additionalProperties: false } as const;

/** The initial view: degrees and metres; pitch -90 looks straight down. */
export const CameraSchema = Type.Object(
  {
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    height: Type.Number({ minimum: -10_000, maximum: 1e9 }),
    heading: Type.Number({ minimum: -360, maximum: 360 }),
    pitch: Type.Number({ minimum: -90, maximum: 90 }),
    roll: Type.Number({ minimum: -360, maximum: 360 }),
  },
  closed,
);

/** Every ViewerProperty field Orbis applies; anything else is refused so that typos show. */
export const ViewerPropertySchema = Type.Partial(
  Type.Object(
    {
      globe: Type.Partial(
        Type.Object(
          {
            enabled: Type.Boolean(),
            baseColor: HexColor,
            enableLighting: Type.Boolean(),
            showGroundAtmosphere: Type.Boolean(),
            depthTestAgainstTerrain: Type.Boolean(),
          },
          closed,
        ),
        closed,
      ),
      terrain: Type.Partial(
        Type.Object(
          {
            enabled: Type.Boolean(),
            type: stringEnum(TERRAIN_TYPES),
            url: HttpUrlSchema,
            /** `dem`: an elevation GeoTIFF of the project (docs/contract.md §17). */
            assetId: AssetIdSchema,
            ionAssetId: Type.Integer({ minimum: 1 }),
            ionAccessToken: Type.String({ pattern: '\\S', maxLength: 2000 }),
            exaggeration: Type.Number({ minimum: 0, maximum: 100 }),
          },
          closed,
        ),
        closed,
      ),
      scene: Type.Partial(
        Type.Object({ backgroundColor: HexColor, fog: Type.Boolean(), shadows: Type.Boolean(), mode: stringEnum(['3d', '2d', 'columbus']) }, closed),
        closed,
      ),
      tiles: Type.Array(
        Type.Object(
          {
            id: Type.Optional(Id),
            type: stringEnum(TILE_TYPES),
            url: Type.Optional(HttpUrlSchema),
            // A `pmtiles` basemap's archive: an asset of the project (docs/contract.md §14).
            assetId: Type.Optional(AssetIdSchema),
            // [min, max]: a pair, not a tuple schema, which Ajv's 2020 draft spells differently.
            zoomLevel: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 30 }), { minItems: 2, maxItems: 2 })),
            layers: Type.Optional(Type.String({ pattern: '\\S', maxLength: 500 })),
            opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
            show: Type.Optional(Type.Boolean()),
          },
          closed,
        ),
        { maxItems: 20 },
      ),
      sky: Type.Partial(Type.Object({ show: Type.Boolean(), atmosphere: Type.Boolean(), sun: Type.Boolean(), moon: Type.Boolean() }, closed), closed),
      camera: Type.Partial(
        Type.Object(
          {
            minimumZoomDistance: Type.Number({ minimum: 0 }),
            maximumZoomDistance: Type.Number({ minimum: 0 }),
            enableTilt: Type.Boolean(),
            enableRotate: Type.Boolean(),
          },
          closed,
        ),
        closed,
      ),
      render: Type.Partial(
        Type.Object({ antialias: Type.Boolean(), resolutionScale: Type.Number({ minimum: 0.1, maximum: 4 }), debugFramesPerSecond: Type.Boolean() }, closed),
        closed,
      ),
      /** The published page's language: `en`, `ja`, or `auto`, the visitor's (docs/contract.md §19). */
      language: stringEnum(SCENE_LANGUAGES),
    },
    closed,
  ),
  closed,
);

/**
 * A layer shows exactly one of: a URL, a project asset (`assetId`, a ULID) or a content model
 * (`model`, its key, §10). `appearance`, `infobox` and `data` are §7.
 */
export const LayerSchema = Type.Object(
  {
    id: Id,
    title: Title,
    type: stringEnum(SCENE_LAYER_TYPES),
    url: Type.Optional(HttpUrlSchema),
    assetId: Type.Optional(AssetIdSchema),
    model: Type.Optional(Type.String({ pattern: '^(?!assets$)[a-z][a-z0-9_-]{0,62}$' })),
    visible: Type.Boolean(),
    appearance: Type.Optional(AppearanceSchema),
    infobox: Type.Optional(InfoboxSchema),
    data: Type.Optional(LayerDataSchema),
    /** docs/contract.md §18: group, cluster, heatmap, filters. */
    ...LAYER_TOOL_FIELDS,
  },
  closed,
);

export const WIDGET_AREAS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;

/** Where an installed plugin's widget sits, whether it runs, and its settings (`app.extension.widget.property`). */
export const WidgetSchema = Type.Object(
  {
    pluginId: Id,
    extensionId: Id,
    enabled: Type.Boolean(),
    area: Type.Optional(stringEnum(WIDGET_AREAS)),
    property: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  closed,
);

/** An ISO 8601 date-time with its zone (`2026-11-21T00:00:00Z`). */
const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$', maxLength: 40 });

/** A story page (§9): its text is Markdown; `layers`, when present, are the layers visible on it. */
export const StoryPageSchema = Type.Object(
  {
    id: Id,
    title: Title,
    text: Type.String({ maxLength: 20_000 }),
    camera: CameraSchema,
    layers: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    /** docs/contract.md §8: plugins' story blocks, shown after the text. */
    blocks: Type.Optional(Type.Array(BlockSchema, { maxItems: MAX_BLOCKS })),
    /** docs/contract.md §18: the clock's time on this page (time-dynamic layers show what holds then). */
    time: Type.Optional(DateTime),
  },
  closed,
);

/**
 * The scene's clock (docs/contract.md §8 `app.timeline`): where the timeline starts, stops and begins, and how
 * fast it plays (a multiplier of real time). Absent fields keep what the data (a CZML document's
 * clock) or the default gives.
 */
export const SceneTimelineSchema = Type.Partial(
  Type.Object(
    {
      start: DateTime,
      stop: DateTime,
      current: DateTime,
      speed: Type.Number({ minimum: -MAX_TIMELINE_SPEED, maximum: MAX_TIMELINE_SPEED }),
      stepType: stringEnum(['rate', 'fixed']),
      rangeType: stringEnum(['unbounded', 'clamped', 'bounced']),
    },
    closed,
  ),
  closed,
);

/** The whole scene document. */
export const SceneSchema = Type.Object(
  {
    property: ViewerPropertySchema,
    camera: CameraSchema,
    layers: Type.Array(LayerSchema, { maxItems: 500 }),
    widgets: Type.Array(WidgetSchema, { maxItems: 200 }),
    story: Type.Object({ pages: Type.Array(StoryPageSchema, { maxItems: 500 }) }, closed),
    timeline: Type.Optional(SceneTimelineSchema),
    /** docs/contract.md §18: the groups layers name in their `group`. */
    groups: Type.Optional(Type.Array(LayerGroupSchema, { maxItems: 100 })),
  },
  { ...closed, $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'Orbis scene document' },
);

export { LAYER_TYPES, type LayerType, SCENE_LAYER_TYPES, type SceneLayerType };
export type Camera = Static<typeof CameraSchema>;
export type Layer = Static<typeof LayerSchema>;
export type WidgetArea = (typeof WIDGET_AREAS)[number];
export type Widget = Static<typeof WidgetSchema>;
export type StoryPage = Static<typeof StoryPageSchema>;
/** The scene's ViewerProperty, as the schema allows it. */
export type SceneViewerProperty = Static<typeof ViewerPropertySchema>;
/**
 * The effective ViewerProperty at run time: the scene's values deep-merged with plugins'
 * overrides, which may carry any of Re:Earth's keys (docs/contract.md §8), so it is open.
 */
export type ViewerProperty = Record<string, unknown>;
export type Scene = Static<typeof SceneSchema>;
export type SceneTimeline = Static<typeof SceneTimelineSchema>;
