import { language } from '../ui/i18n.js';
import type { InfoboxFormat } from '@orbis/scene';
import { h } from '../ui/dom.js';

/** A link's or image's address when it is `http:` or `https:`; anything else (`javascript:`, `data:`) is not one. */
export function webUrl(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A value as text in `format` (docs/contract.md §14), in the visitor's language (`locale`): `number` groups
 * digits (`8,837,685`), `integer` rounds too, `percent` reads a fraction (`0.25` → `25%`), `date`
 * reads an ISO date or a time in milliseconds. A value the format cannot read stays as it is.
 */
export function formatValue(value: string, format: InfoboxFormat | undefined, locale?: string): string {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  switch (format) {
    case 'number':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale).format(n) : value;
    case 'integer':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n) : value;
    case 'percent':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(n) : value;
    case 'date': {
      const date = new Date(Number.isFinite(n) ? n : value);
      return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
    }
    default:
      return value;
  }
}

/** One infobox value as an element: a link or an image for those formats (web addresses only), text otherwise. */
export function infoboxValue(value: string, format: InfoboxFormat | undefined): HTMLElement {
  const url = format === 'url' || format === 'image' ? webUrl(value) : undefined;
  if (url && format === 'url') return h('dd', {}, h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, value));
  if (url && format === 'image') return h('dd', {}, h('img', { src: url, alt: '', loading: 'lazy', class: 'orbis-infobox-image' }));
  return h('dd', {}, formatValue(value, format, language()));
}
