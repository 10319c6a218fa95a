import { describe, expect, it } from 'vitest';
import { MAX_MESSAGES_PER_SECOND, MAX_REFUSED_PER_SECOND, MessageBudget } from './message-budget.js';

describe('MessageBudget', () => {
  it('admits MAX_MESSAGES_PER_SECOND a second from the first message, says so once, and opens again a second later', () => {
    let now = 500;
    let warnings = 0;
    const budget = new MessageBudget(
      () => warnings++,
      () => now,
    );
    const admitted = () => Array.from({ length: MAX_MESSAGES_PER_SECOND + 50 }, () => budget.admit()).filter(Boolean).length;
    expect(admitted()).toBe(MAX_MESSAGES_PER_SECOND);
    // The second that began at 500 ms ends at 1,500, not at 1,000 (a clock that starts near 0).
    now = 1_200;
    expect(budget.admit()).toBe(false);
    now = 1_500;
    expect(admitted()).toBe(MAX_MESSAGES_PER_SECOND);
    expect(warnings).toBe(2);
  });

  it('refuses the messages past the budget, then calls a sender that goes on past MAX_REFUSED_PER_SECOND refusals flooding', () => {
    const now = 0;
    const budget = new MessageBudget(
      () => undefined,
      () => now,
    );
    const answers = Array.from({ length: MAX_MESSAGES_PER_SECOND + MAX_REFUSED_PER_SECOND + 2 }, () => budget.take());
    expect(answers.filter((a) => a === 'admitted')).toHaveLength(MAX_MESSAGES_PER_SECOND);
    expect(answers.filter((a) => a === 'refused')).toHaveLength(MAX_REFUSED_PER_SECOND);
    expect(answers.slice(-2)).toEqual(['flooding', 'flooding']);
  });
});
