import { InputError } from './input-error.js';

// C0 and C1 controls; a multi-line text keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A name or description as people write it, trimmed: at most `max` characters and no control
 * characters (PostgreSQL's text cannot hold NUL, and a control in a name only misleads). Throws an
 * InputError naming `field` otherwise.
 */
export function checkDisplayText(value: unknown, field: string, options: { max: number; allowEmpty?: boolean; multiline?: boolean }): string {
  const what = `${field} must be ${options.allowEmpty ? 'a' : 'a non-empty'} string of at most ${options.max} characters`;
  if (typeof value !== 'string' || value.length > options.max) throw new InputError(field, what);
  const text = value.trim();
  if (text === '' && !options.allowEmpty) throw new InputError(field, what);
  if ((options.multiline ? CONTROLS_BUT_LINES : CONTROLS).test(text)) throw new InputError(field, `${field} must not hold control characters`);
  return text;
}
