import { h } from 'preact';
import { formatNumber, t } from '../../../ui/i18n.js';

/** How many values fall in each of `bins` bins of equal width from the least value to the greatest. */
export function histogramBins(sorted: readonly number[], bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  if (sorted.length === 0) return counts;
  const min = sorted[0]!;
  const span = sorted[sorted.length - 1]! - min;
  for (const v of sorted) counts[span === 0 ? 0 : Math.min(bins - 1, Math.floor(((v - min) / span) * bins))]! += 1;
  return counts;
}

const WIDTH = 240;
const HEIGHT = 48;
const BINS = 24;

const format = (n: number) => formatNumber(n, { maximumFractionDigits: 2 });

/**
 * A small histogram of a property's values with the class breaks over it: bars of equal-width bins
 * from the least value to the greatest, and a line at each break inside that range. It is one image
 * to a screen reader, described in words (how many values, their range, where the breaks are).
 */
export function StyleHistogram({ property, sorted, breaks }: { property: string; sorted: readonly number[]; breaks: readonly number[] }) {
  const min = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  const counts = histogramBins(sorted, BINS);
  const tallest = Math.max(1, ...counts);
  const description = sorted.length
    ? t('style.histogram', { property, count: sorted.length, min: format(min), max: format(max) }) +
      (breaks.length ? t('style.histogramBreaks', { breaks: breaks.map(format).join(', ') }) : '')
    : t('style.histogramEmpty', { property });
  return h(
    'figure',
    { class: 'style-histogram', role: 'img', 'aria-label': description, title: description },
    h(
      'svg',
      { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, width: '100%', height: HEIGHT, 'aria-hidden': 'true', preserveAspectRatio: 'none' },
      counts.map((n, i) => {
        const height = (n / tallest) * (HEIGHT - 2);
        return n > 0 && h('rect', { key: i, class: 'histogram-bar', x: (i * WIDTH) / BINS + 0.5, y: HEIGHT - height, width: WIDTH / BINS - 1, height });
      }),
      breaks
        .filter((b) => b > min && b < max)
        .map((b) => {
          const x = ((b - min) / (max - min)) * WIDTH;
          return h('line', { key: b, class: 'histogram-break', x1: x, x2: x, y1: 0, y2: HEIGHT });
        }),
    ),
    h('figcaption', { 'aria-hidden': 'true' }, h('span', {}, format(min)), h('span', {}, format(max))),
  );
}
