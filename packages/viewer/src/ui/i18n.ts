import { isLanguage, type Language, LANGUAGES } from '@orbis/scene/languages';
import i18next from 'i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';

export { isLanguage, type Language, LANGUAGES };

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer B}_${PluralSuffix}` ? `${P}${B}` : `${P}${K}`) : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every message key, from the English file: a misspelt key is a compile error. Plural forms (`x_one`, `x_other`) are one key, `x`, used with `count`. */
export type MessageKey = Leaves<typeof en>;

/** Values put into a message: `{{name}}`; `count` also picks the plural form by `Intl.PluralRules`. */
export type MessageValues = Record<string, string | number>;

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, ja: { translation: ja } },
  // The browser's languages until a page knows better (the user's choice, the scene's setting).
  lng: pickLanguage(browserLanguages()),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Synchronous: the resources are bundled, so `t` answers from the first line of a page.
  initAsync: false,
  // The UI puts text into the DOM as text nodes (ui/dom.ts `h`), never as HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The message for `key` in the current language, e.g. `t('common.save')`, `t('layers.count', { count: 3 })`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return i18n.t(key, values ?? {});
}

/** Whether a message exists for `key`: for keys made at run time, such as an error's `code`. */
export function hasMessage(key: string): boolean {
  return i18n.exists(key);
}

/** The page's language now. */
export function language(): Language {
  return i18n.language === 'ja' ? 'ja' : 'en';
}

/** The first of `preferred` (BCP 47 tags, as `navigator.languages`) that Orbis speaks, by its primary subtag (`ja-JP` is `ja`); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The browser's preferred languages, or none outside a browser. */
export function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Switches the page to `lang`; listeners of {@link onLanguageChange} hear it when it is a change. */
export function setLanguage(lang: Language): void {
  if (lang === language() && i18n.isInitialized) return;
  void i18n.changeLanguage(lang);
}

/** Calls `listener` after each change of language. Returns a function that stops it. */
export function onLanguageChange(listener: (lang: Language) => void): () => void {
  const handler = () => listener(language());
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}

// The document says its language, for screen readers, hyphenation and the fonts' CJK forms.
const sayLanguage = () => {
  if (typeof document !== 'undefined') document.documentElement.lang = language();
};
i18n.on('languageChanged', sayLanguage);
sayLanguage();

/** A number in the current language's form (`Intl.NumberFormat`), e.g. `formatNumber(1234.5)` is `1,234.5`. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language(), options).format(value);
}

/** A date (and time, by `options`) in the current language's form (`Intl.DateTimeFormat`); a string is read as ISO 8601. */
export function formatDate(value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(language(), options).format(typeof value === 'string' ? new Date(value) : value);
}
