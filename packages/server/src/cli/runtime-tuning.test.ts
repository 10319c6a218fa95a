import { describe, expect, it } from 'vitest';
import { MALLOC_ARENAS, SEMI_SPACE_MB, TUNED_MARK, servingRelaunch } from './runtime-tuning.js';

const semi = `--max-semi-space-size=${SEMI_SPACE_MB}`;

describe('servingRelaunch', () => {
  it('tunes serve: the young generation and the malloc arenas, keeping the command and its Node options', () => {
    const relaunch = servingRelaunch(['serve', '--port', '0'], ['--enable-source-maps'], { PATH: '/bin' });
    expect(relaunch).toEqual({ execArgv: [semi, '--enable-source-maps'], env: { PATH: '/bin', MALLOC_ARENA_MAX: MALLOC_ARENAS, [TUNED_MARK]: '1' } });
  });

  it('relaunches once, only serve, and not when switched off', () => {
    expect(servingRelaunch(['serve'], [], { [TUNED_MARK]: '1' })).toBeUndefined();
    expect(servingRelaunch(['project', 'list'], [], {})).toBeUndefined();
    expect(servingRelaunch(['plugin', 'dev', 'serve'], [], {})).toBeUndefined();
    expect(servingRelaunch(['serve'], [], { ORBIS_RUNTIME_TUNING: 'off' })).toBeUndefined();
  });

  it("keeps the operator's own settings", () => {
    expect(servingRelaunch(['serve'], [], { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_ARENA_MAX: '4' })).toBeUndefined();
    expect(servingRelaunch(['serve'], ['--max-semi-space-size=1'], { MALLOC_ARENA_MAX: '8' })).toBeUndefined();
    const onlyArenas = servingRelaunch(['serve'], [], { NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=2' });
    expect(onlyArenas?.execArgv).toEqual([]);
    expect(onlyArenas?.env).toMatchObject({ MALLOC_ARENA_MAX: MALLOC_ARENAS, NODE_OPTIONS: '--max-old-space-size=512 --max-semi-space-size=2' });
    const onlySemi = servingRelaunch(['serve'], [], { MALLOC_ARENA_MAX: '1' });
    expect(onlySemi).toEqual({ execArgv: [semi], env: { MALLOC_ARENA_MAX: '1', [TUNED_MARK]: '1' } });
    // An empty variable is no setting: the tuning applies.
    expect(servingRelaunch(['serve'], [], { MALLOC_ARENA_MAX: '' })?.env.MALLOC_ARENA_MAX).toBe(MALLOC_ARENAS);
  });
});
