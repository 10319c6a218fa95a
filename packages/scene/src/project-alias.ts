/**
 * A project's alias: its address in `/editor/{alias}`, `/p/{alias}` and the API (docs/contract.md §3).
 * Lower-case letters, digits and hyphens, starting with a letter or a digit, at most 63 characters.
 */
export const ALIAS_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The alias rule in words, as a person reads it (the editor's form and the API's 400 say it). */
export const ALIAS_RULE = 'lower-case letters a–z, digits and hyphens, starting with a letter or a digit, at most 63 characters';

/**
 * An alias made from a project's name: accents dropped, anything else that is not a letter or a
 * digit becomes a hyphen ("Flood map 2026" → "flood-map-2026"); empty when the name has no Latin
 * letter or digit (a Japanese name, say), and the person types one.
 */
export function aliasFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}
