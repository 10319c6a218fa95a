import { hasMessage, language, t } from './i18n.js';

/**
 * What went wrong, for a person: the server's answers keep their English message and a `code`
 * (docs/contract.md §19); in another language the editor says the code's own translation instead,
 * and in English the server's message, which names the field or the thing at fault.
 */
export function errorText(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (language() !== 'en' && typeof code === 'string' && hasMessage(`errors.${code}`)) return t(`errors.${code}` as Parameters<typeof t>[0]);
  return err instanceof Error ? err.message : String(err);
}
