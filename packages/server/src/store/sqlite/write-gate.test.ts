import { describe, expect, it } from 'vitest';
import { StoreBusyError } from '../store.js';
import { WRITE_RETRY_AFTER_S, WriteGate } from './write-gate.js';

/** A promise settled from outside: an import's commit that the test ends. */
function commit() {
  let done!: () => void;
  let fail!: (err: Error) => void;
  const settled = new Promise<void>((resolve, reject) => {
    done = resolve;
    fail = reject;
  });
  return { settled, done, fail };
}

describe('WriteGate (the SQLite store: writes wait for an import’s commit as promises)', () => {
  it('runs a write at once, in the caller’s turn, while nothing is held', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const written = gate.write(() => (log.push('write'), 7));
    expect(log).toEqual(['write']);
    expect(await written).toBe(7);
    expect(gate.held).toBe(false);
  });

  it('holds writes while a commit runs and runs them after it in the order they came; a later hold waits its turn', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const first = commit();
    const second = commit();
    const holding = gate.hold(async () => (log.push('commit 1'), await first.settled, log.push('commit 1 done')));
    const a = gate.write(() => log.push('a'));
    const next = gate.hold(async () => (log.push('commit 2'), await second.settled, log.push('commit 2 done')));
    const b = gate.write(() => log.push('b'));
    await Promise.resolve();
    expect(gate.held).toBe(true);
    expect(log).toEqual(['commit 1']);
    first.done();
    await holding;
    await a;
    expect(log).toEqual(['commit 1', 'commit 1 done', 'a', 'commit 2']);
    second.done();
    await Promise.all([next, b]);
    expect(log).toEqual(['commit 1', 'commit 1 done', 'a', 'commit 2', 'commit 2 done', 'b']);
    expect(gate.held).toBe(false);
  });

  it('lets the waiting writes run when the commit fails, and passes the failure to the import', async () => {
    const gate = new WriteGate();
    const c = commit();
    const holding = gate.hold(() => c.settled);
    const written = gate.write(() => 'written');
    c.fail(new Error('the import worker stopped'));
    await expect(holding).rejects.toThrow('the import worker stopped');
    expect(await written).toBe('written');
    expect(gate.held).toBe(false);
  });

  it('fails a write that waited past its time with StoreBusyError, never runs it, and runs the others', async () => {
    const gate = new WriteGate(1);
    const c = commit();
    const holding = gate.hold(() => c.settled);
    const log: string[] = [];
    const late = gate.write(() => log.push('late'));
    const error = await late.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StoreBusyError);
    expect(error).toMatchObject({ retryAfterSeconds: WRITE_RETRY_AFTER_S });
    // Timed out while the commit still held the gate: the commit had not ended then.
    expect(gate.held).toBe(true);
    const patient = gate.write(() => log.push('patient'), Infinity);
    c.done();
    await holding;
    await patient;
    expect(log).toEqual(['patient']);
  });

  it('answers a write’s own throw as its rejection, and the next write still runs', async () => {
    const gate = new WriteGate();
    const c = commit();
    const holding = gate.hold(() => c.settled);
    const bad = gate.write(() => {
      throw new Error('SQLITE_CONSTRAINT_UNIQUE');
    });
    const good = gate.write(() => 'ok');
    c.done();
    await holding;
    await expect(bad).rejects.toThrow('SQLITE_CONSTRAINT_UNIQUE');
    expect(await good).toBe('ok');
    await expect(gate.write(() => JSON.parse('{'))).rejects.toThrow(SyntaxError);
  });

  it('skips bookkeeping while a commit holds the gate', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    expect(gate.writeIfFree(() => log.push('free'))).toBe(true);
    const c = commit();
    const holding = gate.hold(() => c.settled);
    expect(gate.writeIfFree(() => log.push('held'))).toBe(false);
    c.done();
    await holding;
    expect(log).toEqual(['free']);
  });

  it('refuses a wait that is not a positive number of milliseconds', () => {
    expect(() => new WriteGate(0)).toThrow('waitMs must be a positive number of milliseconds, not 0');
  });
});
