import { formatNumber, t } from './i18n.js';

/** Fraction digits by size: three or four figures a person reads (8.25, 42.5, 403.8, 12,309). */
const digits = (value: number) => (value < 10 ? 2 : value < 1000 ? 1 : 0);
const number = (value: number) => formatNumber(value, { maximumFractionDigits: digits(value) });

/** A length in metres, in m below a kilometre and in km from there, in the page's language. */
export function formatLength(metres: number): string {
  const m = Math.abs(metres);
  return m < 1000 ? t('measure.units.m', { value: number(m) }) : t('measure.units.km', { value: number(m / 1000) });
}

/** An area in square metres: m² below a hectare (10,000 m²), ha below a square kilometre, km² from there. */
export function formatArea(squareMetres: number): string {
  const a = Math.abs(squareMetres);
  if (a < 10_000) return t('measure.units.m2', { value: number(a) });
  if (a < 1_000_000) return t('measure.units.ha', { value: number(a / 10_000) });
  return t('measure.units.km2', { value: number(a / 1_000_000) });
}

/** A height or a height difference, always in metres (as mountains and buildings are told), signed when `signed`. */
export function formatHeight(metres: number, signed = false): string {
  const text = number(Math.abs(metres));
  return t('measure.units.m', { value: signed && metres !== 0 ? `${metres > 0 ? '+' : '−'}${text}` : text });
}
