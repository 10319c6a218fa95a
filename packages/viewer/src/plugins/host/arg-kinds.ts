import { isCssColor } from '@orbis/scene/checks';

/**
 * The argument checks of every host operation, in one place: each operation declares its
 * arguments as `[name, kind]`, and {@link checkArgs} throws a `TypeError` naming the first wrong
 * one before the operation runs, so a wrong call changes nothing. A kind is a name from
 * {@link KINDS} (with `?` for an optional argument, where `null` and `undefined` mean absent: they
 * are one value once through JSON), or an object of field kinds.
 */
export type Kind = KindName | `${KindName}?` | { readonly [field: string]: Kind } | readonly [`${KindName}?`, { readonly [field: string]: Kind }];
export type ArgSpec = readonly [name: string, kind: Kind];

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** The fields of a (partial) camera position. */
export const CAMERA_FIELDS = ['lng', 'lat', 'height', 'heading', 'pitch', 'roll', 'fov'] as const;

/** Where `app.popup` may sit beside its widget (Re:Earth's placements). */
export const POPUP_POSITIONS: readonly string[] = ['top', 'right', 'bottom', 'left'].flatMap((side) => [side, `${side}-start`, `${side}-end`]);
/** The sketch tools of SPEC §8. */
export const SKETCH_TOOLS = ['marker', 'polyline', 'polygon', 'circle', 'rectangle', 'extrudedCircle', 'extrudedRectangle', 'extrudedPolygon'] as const;
/** A time as it crosses: milliseconds since 1970 (a Date) or an ISO 8601 string. */
const isTime = (v: unknown) => finite(v) || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(Date.parse(v)));

/**
 * A frame's width or height as a CSS length string (`app.ui`, `app.modal`, `app.popup`): Re:Earth
 * hands a string straight to the iframe's style, so any CSS it takes works there; Orbis takes the
 * plain lengths plugins use (a non-negative number with px, %, vw, vh, vmin, vmax, em or rem, or
 * `auto`) and nothing else, so a size can never carry more CSS ("1px; background:url(x)").
 */
export const CSS_SIZE = /^(?:(?:\d{1,6}(?:\.\d{1,6})?|\.\d{1,6})(?:px|%|vw|vh|vmin|vmax|em|rem)|auto)$/;
/** A frame size as Re:Earth takes it: a number of CSS pixels or a {@link CSS_SIZE} string. */
const isFrameSize = (v: unknown) => finite(v) || (typeof v === 'string' && CSS_SIZE.test(v));

const plainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Re:Earth's PopupOffset: a number, or an object whose axes are numbers (`alignmentAxis` may be null); other keys are ignored, as Re:Earth's placement ignores them. */
const isPopupOffset = (v: unknown) =>
  finite(v) || (plainObject(v) && finite(v.mainAxis ?? 0) && finite(v.crossAxis ?? 0) && (v.alignmentAxis === null || finite(v.alignmentAxis ?? 0)));

/** Each kind: its test and how a message says what it wants. */
export const KINDS = {
  number: [finite, 'a finite number'],
  boolean: [(v: unknown) => typeof v === 'boolean', 'a boolean'],
  string: [(v: unknown) => typeof v === 'string', 'a string'],
  object: [plainObject, 'an object'],
  any: [() => true, 'anything'],
  direction: [(v: unknown) => ['forward', 'backward', 'up', 'down', 'left', 'right'].includes(v as string), 'one of forward, backward, up, down, left, right'],
  position: [(v: unknown) => Array.isArray(v) && v.length === 3 && v.every(finite), 'a Cartesian position [x, y, z]'],
  offset: [(v: unknown) => Array.isArray(v) && v.length === 2 && v.every(finite), 'a screen offset [x, y]'],
  frameSize: [isFrameSize, 'a number of CSS pixels or a CSS length such as "300px", "50%", "20vh", "10em" or "auto"'],
  longitude: [(v: unknown) => finite(v) && v >= -180 && v <= 180, 'a longitude in degrees from -180 to 180'],
  latitude: [(v: unknown) => finite(v) && v >= -90 && v <= 90, 'a latitude in degrees from -90 to 90'],
  popupPosition: [(v: unknown) => POPUP_POSITIONS.includes(v as string), `one of ${POPUP_POSITIONS.join(', ')}`],
  popupOffset: [isPopupOffset, 'a finite number or {mainAxis?, crossAxis?, alignmentAxis?} of finite numbers'],
  mode: [(v: unknown) => ['default', 'move', 'selection', 'sketch', 'spatialId'].includes(v as string), 'one of default, move, selection, sketch, spatialId'],
  httpUrl: [(v: unknown) => typeof v === 'string' && /^https?:\/\//i.test(v), 'an http: or https: URL'],
  strings: [(v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string'), 'a list of strings'],
  screenRect: [(v: unknown) => Array.isArray(v) && v.length === 4 && v.every(finite), 'a screen rectangle [x, y, width, height]'],
  featureSelection: [
    (v: unknown) => Array.isArray(v) && v.every((f) => plainObject(f) && typeof f.layerId === 'string' && Array.isArray(f.featureId) && f.featureId.every((id) => typeof id === 'string')),
    'a list of {layerId, featureId: [ids]}',
  ],
  sketchTool: [(v: unknown) => (SKETCH_TOOLS as readonly unknown[]).includes(v), `one of ${SKETCH_TOOLS.join(', ')} or undefined`],
  cssColor: [(v: unknown) => typeof v === 'string' && isCssColor(v), 'a CSS colour such as "#ff0000" or "red"'],
  time: [isTime, 'a Date or an ISO 8601 date-time string'],
  stepType: [(v: unknown) => v === 'rate' || v === 'fixed', 'one of rate, fixed'],
  rangeType: [(v: unknown) => v === 'unbounded' || v === 'clamped' || v === 'bounced', 'one of unbounded, clamped, bounced'],
  cameraTarget: [
    (v: unknown) => typeof v === 'string' || (plainObject(v) && CAMERA_FIELDS.every((f) => v[f] === undefined || v[f] === null || finite(v[f]))),
    'a layer id or a camera position whose lng, lat, height, heading, pitch, roll and fov are finite numbers',
  ],
} as const satisfies Record<string, readonly [(v: unknown) => boolean, string]>;
export type KindName = keyof typeof KINDS;

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  if (!Array.isArray(value)) return 'an object';
  const json = JSON.stringify(value);
  return json.length > 60 ? 'an array' : json;
}

/** Throws a TypeError naming `path` unless `value` is of `kind`. */
function check(op: string, path: string, kind: Kind, value: unknown): void {
  if (typeof kind === 'string') {
    const optional = kind.endsWith('?');
    if (optional && (value === null || value === undefined)) return;
    const [test, wants] = KINDS[(optional ? kind.slice(0, -1) : kind) as KindName];
    if (test(value)) return;
    // Once through JSON, undefined and null are one value: a missing argument.
    if (value === null || value === undefined) throw new TypeError(`${op}: ${path} is missing; it must be ${wants}`);
    throw new TypeError(`${op}: ${path} must be ${wants}, not ${show(value)}`);
    return;
  }
  if (Array.isArray(kind)) {
    // An optional object with fields: absent, or an object whose fields check.
    const [outer, fields] = kind as readonly [string, Record<string, Kind>];
    if (value === null || value === undefined) return;
    check(op, path, outer.slice(0, -1) as Kind, value);
    return checkFields(op, path, fields, value as Record<string, unknown>);
  }
  check(op, path, 'object', value);
  checkFields(op, path, kind as Record<string, Kind>, value as Record<string, unknown>);
}

function checkFields(op: string, path: string, fields: Record<string, Kind>, value: Record<string, unknown>): void {
  for (const [field, kind] of Object.entries(fields)) check(op, `${path}.${field}`, kind, value[field]);
}

/** Checks an operation's arguments against its declaration; the first wrong one throws. */
export function checkArgs(op: string, specs: readonly ArgSpec[], args: readonly unknown[]): void {
  for (let i = 0; i < specs.length; i++) {
    const [name, kind] = specs[i]!;
    check(op, name, kind, args[i]);
  }
}
