import type { SceneLanguage } from '@orbis/scene/languages';
import { h } from '../ui/dom.js';
import { isLanguage, type Language, language, pickLanguage, t } from '../ui/i18n.js';

/**
 * The published page's language (docs/contract.md §19): the scene's, when it fixes one; otherwise the one the
 * visitor switched to (`?lang=` in the address), then the first of the browser's that Orbis speaks.
 */
export function pageLanguage(setting: SceneLanguage | undefined, search: string, preferred: readonly string[]): Language {
  if (setting === 'en' || setting === 'ja') return setting;
  const chosen = new URLSearchParams(search).get('lang');
  return isLanguage(chosen) ? chosen : pickLanguage(preferred);
}

/**
 * The switch a page whose scene lets the visitor choose shows: a link to the same page in the other
 * language, named in that language (`English`, `日本語`), keeping the story page in the fragment.
 */
export function languageSwitch(here: Location): HTMLAnchorElement {
  const other: Language = language() === 'ja' ? 'en' : 'ja';
  const url = new URL(here.href);
  url.searchParams.set('lang', other);
  return h(
    'a',
    { class: 'language-switch', href: url.href, lang: other, hreflang: other, title: t('language.label'), 'data-testid': 'language-switch' },
    t(`language.${other}`),
  );
}
