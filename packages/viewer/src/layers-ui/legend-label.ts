/**
 * A style condition as a map reader would say it: `${kind} === 'park'` → `kind = park`,
 * `${pop} >= 1000 && ${pop} < 5000` → `pop ≥ 1000 and pop < 5000`, and a last `true` → `other`.
 */
export function legendLabel(condition: string, isLast = false): string {
  const text = condition.trim();
  if (text === 'true') return isLast ? 'other' : 'all';
  return text
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
