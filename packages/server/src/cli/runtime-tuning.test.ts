import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, MALLOC_ARENAS, SEMI_SPACE_MB, TUNED_MARK, servingRelaunch } from './runtime-tuning.js';

const semi = `--max-semi-space-size=${SEMI_SPACE_MB}`;
const growing = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

describe('servingRelaunch', () => {
  it("tunes serve: the young generation, the old generation's growth and the malloc arenas, keeping the command and its Node options", () => {
    const relaunch = servingRelaunch(['serve', '--port', '0'], ['--enable-source-maps'], { PATH: '/bin' });
    expect(relaunch).toEqual({ execArgv: [semi, growing, '--enable-source-maps'], env: { PATH: '/bin', MALLOC_ARENA_MAX: MALLOC_ARENAS, [TUNED_MARK]: '1' } });
  });

  it('relaunches once, only serve and migrate, and not when switched off', () => {
    expect(servingRelaunch(['serve'], [], { [TUNED_MARK]: '1' })).toBeUndefined();
    expect(servingRelaunch(['migrate', '--from', 'data'], [], {})?.execArgv).toEqual([semi, growing]);
    expect(servingRelaunch(['project', 'list'], [], {})).toBeUndefined();
    expect(servingRelaunch(['plugin', 'dev', 'serve'], [], {})).toBeUndefined();
    expect(servingRelaunch(['serve'], [], { ORBIS_RUNTIME_TUNING: 'off' })).toBeUndefined();
  });

  it("keeps the operator's own settings", () => {
    expect(servingRelaunch(['serve'], ['--heap-growing-percent=20'], { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4' })).toBeUndefined();
    expect(servingRelaunch(['serve'], ['--max-semi-space-size=1', '--heap-growing-percent=100'], { MALLOC_ARENA_MAX: '8' })).toBeUndefined();
    // Each flag is kept on its own: the operator's young generation, the tuning's growth.
    expect(servingRelaunch(['serve'], ['--max-semi-space-size=1'], { MALLOC_ARENA_MAX: '8' })?.execArgv).toEqual([growing, '--max-semi-space-size=1']);
    expect(servingRelaunch(['serve'], ['--heap-growing-percent=80'], { MALLOC_ARENA_MAX: '8' })?.execArgv).toEqual([semi, '--heap-growing-percent=80']);
    const onlyArenas = servingRelaunch(['serve'], ['--heap-growing-percent=30'], { NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=2' });
    expect(onlyArenas?.execArgv).toEqual(['--heap-growing-percent=30']);
    expect(onlyArenas?.env).toMatchObject({ MALLOC_ARENA_MAX: MALLOC_ARENAS, NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=2' });
    const onlyFlags = servingRelaunch(['serve'], [], { MALLOC_ARENA_MAX: '1' });
    expect(onlyFlags).toEqual({ execArgv: [semi, growing], env: { MALLOC_ARENA_MAX: '1', [TUNED_MARK]: '1' } });
    // An empty variable is no setting: the tuning applies.
    expect(servingRelaunch(['serve'], [], { MALLOC_ARENA_MAX: '' })?.env.MALLOC_ARENA_MAX).toBe(MALLOC_ARENAS);
  });
});
