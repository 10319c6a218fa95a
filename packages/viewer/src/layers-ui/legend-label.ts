import { propertyOfRef } from '../layers/expression-text.js';
import { formatNumber, t } from '../ui/i18n.js';
const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)`;
/** `${x} >= a && ${x} < b`, the same property both sides. */
const RANGE = new RegExp(String.raw`^(\$\{[^}]*\})\s*>=\s*${NUMBER}\s*&&\s*\1\s*<\s*${NUMBER}$`);
/** `${x} >= a`: a class's lower bound alone, as hand-written thresholds are. */
const FROM = new RegExp(String.raw`^(\$\{[^}]*\})\s*>=\s*${NUMBER}$`);

/**
 * A style condition as a map reader would say it: `${kind} === 'park'` → `kind = park`,
 * `${pop} >= 1000 && ${pop} < 5000` → `pop 1000–5000` (a class of a colour ramp),
 * `${a} > 1 && ${b} < 2` → `a > 1 and b < 2`, `${feature["bldg:usage"]} === '住宅'` →
 * `bldg:usage = 住宅`, and a last `true` → `other`.
 */
export function legendLabel(condition: string, isLast = false): string {
  const text = condition.trim();
  if (text === 'true') return isLast ? 'other' : 'all';
  const range = RANGE.exec(text);
  return (
    (range ? `${range[1]} ${range[2]}–${range[3]}` : text)
      // A property by name, `${name}` or, for a name that is not an identifier, `${feature["bldg:usage"]}`.
      .replace(/\$\{([^}]*)\}/g, (ref: string, inner: string) => propertyOfRef(ref) ?? inner)
      .replace(/\s*===\s*/g, ' = ')
      .replace(/\s*!==\s*/g, ' ≠ ')
      .replace(/\s*>=\s*/g, ' ≥ ')
      .replace(/\s*<=\s*/g, ' ≤ ')
      .replace(/\s*&&\s*/g, ` ${t('legend.and')} `)
      .replace(/\s*\|\|\s*/g, ` ${t('legend.or')} `)
      .replace(/(?<![≥≤=≠])\s*([<>])\s*/g, ' $1 ')
      .replace(/'([^']*)'|"([^"]*)"/g, (_m, a: string | undefined, b: string | undefined) => a ?? b ?? '')
      // Large numbers read better grouped: 5000000 → 5,000,000.
      .replace(/\b\d{5,}\b/g, (n) => formatNumber(Number(n)))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The labels of a rule's conditions, in order. Hand-written thresholds on one property, highest
 * first (`${pop} >= 5000000`, `${pop} >= 2000000`, `true`), read as the classes they are:
 * `pop ≥ 5,000,000`, `pop 2,000,000–5,000,000` and `pop < 2,000,000`, not "other". Any other rule
 * is labelled condition by condition ({@link legendLabel}).
 */
export function legendLabels(conditions: readonly string[]): string[] {
  const labels = conditions.map((c, i) => legendLabel(c, i === conditions.length - 1));
  const bounds = conditions.map((c) => FROM.exec(c.trim()));
  const last = conditions.length - 1;
  const steps = bounds.slice(0, last);
  const chain =
    last >= 1 &&
    conditions[last]!.trim() === 'true' &&
    steps.every((b, i) => b && b[1] === steps[0]![1] && (i === 0 || Number(b[2]) < Number(steps[i - 1]![2])));
  if (!chain) return labels;
  const name = steps[0]![1]!;
  for (let i = 1; i < last; i++) labels[i] = legendLabel(`${name} >= ${steps[i]![2]} && ${name} < ${steps[i - 1]![2]}`);
  labels[last] = legendLabel(`${name} < ${steps[last - 1]![2]}`);
  return labels;
}
