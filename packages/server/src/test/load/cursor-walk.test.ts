import { describe, expect, it } from 'vitest';
import { AssetLedger } from './asset-ledger.js';
import { type CursorWalk, judgeWalk } from './cursor-walk.js';

/** A walk of one page per id list, page n sent at 10n and answered at 10n + 5. */
function walk(...pages: string[][]): CursorWalk {
  return {
    startedAt: 10,
    endedAt: pages.length * 10 + 5,
    pages: pages.map((ids, n) => ({ cursor: n === 0 ? null : `c${n}`, sentAt: (n + 1) * 10, doneAt: (n + 1) * 10 + 5, ids })),
  };
}

describe('judging a cursor walk against what was changed', () => {
  const ledger = () => {
    const l = new AssetLedger();
    for (const id of ['A', 'B', 'C', 'D']) l.seeded(id, true);
    l.seeded('P', false);
    return l;
  };

  it('passes a walk that lists every public asset once, in order', () => {
    expect(judgeWalk(walk(['A', 'B'], ['C', 'D']), ledger())).toMatchObject({ required: 4, listed: 4, missing: [], outOfOrder: [], unexpected: [] });
  });

  it('finds an asset that was public throughout but missing, a repeat, a step back, and a private one', () => {
    const verdict = judgeWalk(walk(['A', 'B'], ['B', 'P'], ['A']), ledger());
    expect(verdict.missing.sort()).toEqual(['C', 'D']);
    expect(verdict.outOfOrder).toEqual(['B', 'A']);
    expect(verdict.unexpected).toEqual(['P']);
  });

  it('does not require an asset changed during the walk, and accepts it either way', () => {
    const l = ledger();
    l.record('C', 12, 30, 'absent'); // deleted while the walk ran
    l.record('E', 14, 16, 'public'); // uploaded while it ran
    expect(judgeWalk(walk(['A', 'B'], ['D', 'E']), l)).toMatchObject({ required: 3, missing: [], unexpected: [] });
    expect(judgeWalk(walk(['A', 'B'], ['C', 'D']), l)).toMatchObject({ missing: [], unexpected: [] });
  });

  it('refuses an asset listed after its delete was answered, or before its upload was sent', () => {
    const l = ledger();
    l.record('C', 1, 2, 'absent');
    l.record('E', 40, 41, 'public');
    expect(judgeWalk(walk(['A', 'B', 'C'], ['D', 'E']), l).unexpected).toEqual(['C', 'E']);
  });

  it('refuses changes of one asset recorded out of order', () => {
    const l = ledger();
    l.record('A', 10, 20, 'private');
    expect(() => l.record('A', 15, 25, 'public')).toThrow(/overlap/);
  });
});
