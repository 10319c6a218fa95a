const NUMBER = String.raw`(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)`;
/** `${x} >= a && ${x} < b`, the same property both sides. */
const RANGE = new RegExp(String.raw`^(\$\{[^}]*\})\s*>=\s*${NUMBER}\s*&&\s*\1\s*<\s*${NUMBER}$`);

/**
 * A style condition as a map reader would say it: `${kind} === 'park'` → `kind = park`,
 * `${pop} >= 1000 && ${pop} < 5000` → `pop 1000–5000` (a class of a colour ramp),
 * `${a} > 1 && ${b} < 2` → `a > 1 and b < 2`, and a last `true` → `other`.
 */
export function legendLabel(condition: string, isLast = false): string {
  const text = condition.trim();
  if (text === 'true') return isLast ? 'other' : 'all';
  const range = RANGE.exec(text);
  return (range ? `${range[1]} ${range[2]}–${range[3]}` : text)
    .replace(/\$\{([^}]*)\}/g, '$1')
    .replace(/\s*===\s*/g, ' = ')
    .replace(/\s*!==\s*/g, ' ≠ ')
    .replace(/\s*>=\s*/g, ' ≥ ')
    .replace(/\s*<=\s*/g, ' ≤ ')
    .replace(/\s*&&\s*/g, ' and ')
    .replace(/\s*\|\|\s*/g, ' or ')
    .replace(/(?<![≥≤=≠])\s*([<>])\s*/g, ' $1 ')
    .replace(/'([^']*)'|"([^"]*)"/g, (_m, a: string | undefined, b: string | undefined) => a ?? b ?? '')
    // Large numbers read better grouped: 5000000 → 5,000,000.
    .replace(/\b\d{5,}\b/g, (n) => Number(n).toLocaleString('en-US'))
    .replace(/\s+/g, ' ')
    .trim();
}
