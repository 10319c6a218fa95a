/**
 * The languages Orbis speaks (docs/contract.md §19). The one list: the server checks a user's
 * saved `language` and the scene's `property.language` against it, and the viewer's i18n loads one
 * message file for each.
 */
export const LANGUAGES = ['en', 'ja'] as const;

export type Language = (typeof LANGUAGES)[number];

/** A scene's `property.language`: a fixed language, or `auto`, the visitor's (the default). */
export const SCENE_LANGUAGES = [...LANGUAGES, 'auto'] as const;

export type SceneLanguage = (typeof SCENE_LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
