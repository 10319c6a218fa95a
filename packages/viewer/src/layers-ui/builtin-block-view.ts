import { type BuiltinBlockId, plainProperty } from '../plugins/builtin-blocks.js';
import { webUrl } from './infobox-value.js';
import { type VideoSource, videoSource } from './video-source.js';

/** The shown feature, as a built-in block reads it: its properties, and the styling language over them. */
export interface BlockFeature {
  properties: Record<string, unknown>;
  /** What an expression of docs/contract.md §7 gives for the feature (undefined when it fails). */
  evaluate?: (expression: string) => unknown;
}

/** One row of a property list: a name and its value as text. */
export interface PropertyRow {
  key: string;
  value: string;
}

/** What a built-in block shows for a feature: the DOM is drawn from this (builtin-block-element.ts). */
export type BuiltinView =
  | { kind: 'properties'; rows: PropertyRow[] }
  | { kind: 'text'; text: string }
  | { kind: 'image'; src: string }
  | { kind: 'markdown'; source: string }
  | { kind: 'video'; video: NonNullable<VideoSource> }
  | { kind: 'link'; text: string; href?: string }
  | { kind: 'empty' };

/** Re:Earth's padding of a block (`panel.padding`, each side 0–100 px). */
export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A value as text: arrays joined by commas, objects as JSON (as Re:Earth's property list shows them). */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A field's text for the feature. Re:Earth evaluates each field as an expression (`${name}` reads a
 * property); a text that is no expression and reads no property (`Opening hours`, a Markdown
 * paragraph) is shown as it is, where Re:Earth would show nothing.
 */
export function fieldText(value: unknown, feature: BlockFeature): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const result = feature.evaluate?.(value);
  if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean') return String(result);
  return value.includes('${') ? undefined : value;
}

/**
 * The rows of Re:Earth's property list block: `displayType` `custom` lists `propertyList`'s
 * `{key, value}` items, each value an expression (an item whose value gives nothing is left out);
 * `rootOnly` every property that is not an object; `all` (the default) every property, objects last.
 */
export function propertyRows(settings: Record<string, unknown>, feature: BlockFeature): PropertyRow[] {
  const entries = Object.entries(feature.properties);
  if (settings.displayType === 'custom') {
    const items = Array.isArray(settings.propertyList) ? (settings.propertyList as unknown[]) : [];
    return items.flatMap((item) => {
      const { key, value } = (typeof item === 'object' && item !== null ? item : {}) as { key?: unknown; value?: unknown };
      const text = fieldText(value, feature);
      return text === undefined ? [] : [{ key: asText(key), value: text }];
    });
  }
  const isObject = (v: unknown) => typeof v === 'object' && v !== null;
  if (settings.displayType === 'rootOnly') return entries.filter(([, v]) => !isObject(v) && v !== null).map(([key, v]) => ({ key, value: asText(v) }));
  return [...entries.filter(([, v]) => !isObject(v)), ...entries.filter(([, v]) => isObject(v))].map(([key, v]) => ({ key, value: asText(v) }));
}

/** What a built-in block shows for the feature, from its `property` in Re:Earth's form or plain. */
export function builtinView(id: BuiltinBlockId, property: Record<string, unknown> | undefined, feature: BlockFeature): BuiltinView {
  const settings = plainProperty(property).default ?? {};
  if (id === 'propertyInfoboxBetaBlock') return { kind: 'properties', rows: propertyRows(settings, feature) };
  if (id === 'linkInfoboxBetaBlock') {
    const url = fieldText(settings.url, feature);
    const text = fieldText(settings.text, feature) ?? url;
    // Re:Earth takes an address without a scheme as https.
    const href = url === undefined ? undefined : webUrl(/^https?:\/\//i.test(url.trim()) ? url : `https://${url.trim()}`);
    return text === undefined ? { kind: 'empty' } : { kind: 'link', text, ...(href ? { href } : {}) };
  }
  const text = fieldText(id === 'textInfoboxBetaBlock' ? settings.text : settings.src, feature);
  if (text === undefined) return { kind: 'empty' };
  if (id === 'textInfoboxBetaBlock') return { kind: 'text', text };
  if (id === 'markdownInfoboxBetaBlock') return { kind: 'markdown', source: text };
  if (id === 'imageInfoboxBetaBlock') {
    const src = webUrl(text);
    return src ? { kind: 'image', src } : { kind: 'empty' };
  }
  const video = videoSource(text);
  return video ? { kind: 'video', video } : { kind: 'empty' };
}

/** Re:Earth's `panel.padding` of a block, each side a number clamped to 0–100 px; undefined when it sets none. */
export function blockPadding(property: Record<string, unknown> | undefined): Padding | undefined {
  const padding = plainProperty(property).panel?.padding;
  if (typeof padding !== 'object' || padding === null) return undefined;
  const side = (name: string) => {
    const v = (padding as Record<string, unknown>)[name];
    return typeof v === 'number' && Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 0;
  };
  return { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') };
}
