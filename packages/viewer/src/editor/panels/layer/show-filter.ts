import { literal, propertyOfRef, propertyRef } from '../../../layers/expression-text.js';

/** How a filter of the 3D Tiles style panel compares a feature's property with its value. */
export const SHOW_OPERATORS = ['>=', '<', '===', '!=='] as const;
export type ShowOperator = (typeof SHOW_OPERATORS)[number];

/** A filter that shows only the features whose property compares so with the value (a number or text). */
export interface ShowFilter {
  property: string;
  operator: ShowOperator;
  value: string;
}

/**
 * The `show` expression of a filter (docs/contract.md §7): the value is a number when it reads as one,
 * else text; undefined when the value is empty or cannot be written (text with both quotes).
 */
export function showExpression({ property, operator, value }: ShowFilter): string | undefined {
  const typed = value.trim();
  if (!property || typed === '') return undefined;
  const number = Number(typed);
  const written = Number.isFinite(number) ? String(number) : literal(typed);
  return written === undefined ? undefined : `${propertyRef(property)} ${operator} ${written}`;
}

/** The filter a `show` expression is, as {@link showExpression} writes it; undefined for any other. */
export function showFilterOf(expression: string): ShowFilter | undefined {
  const match = /^(\$\{.+\}) (>=|<|===|!==) (?:(-?[\d.e+-]+)|'([^']*)'|"([^"]*)")$/.exec(expression);
  const property = match ? propertyOfRef(match[1]!) : undefined;
  if (!match || property === undefined) return undefined;
  return { property, operator: match[2] as ShowOperator, value: match[3] ?? match[4] ?? match[5]! };
}
