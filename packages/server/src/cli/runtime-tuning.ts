/**
 * How `orbis serve` tunes the Node process it runs in, for memory. These settings are read only
 * when a process starts, so the `orbis` command (bin/orbis.js) replaces itself, once, with the
 * same command under them (`process.execve`: the same process id, no second process). Node
 * offers that from 22.15 and 23.11; on older Node the server runs on Node's defaults, and an
 * operator sets them by hand (docs/performance.md, "Where the server's memory goes").
 */

/**
 * V8's young generation, in MB per semi-space. Node's default lets it grow to 16 (32 MB in all)
 * under load. At 8 the server held about 20 MB less with no loss the bench could see; at 4,
 * 8 MB less again, which brought PostgreSQL's peak while streaming 1,000,000 assets from 154 to
 * 133–146 MB (three runs), for about 4% of the cursor ratio (scavenges twice as often;
 * docs/performance.md). SQLite's peak did not move measurably.
 */
export const SEMI_SPACE_MB = 4;

/**
 * How much V8 lets the old generation grow, in percent of what survived the last full collection,
 * before it collects again. Left to itself V8 lets it grow to up to four times the live heap: the
 * server's live heap is about 20 MB, but after an import and a burst of requests the old space
 * held 37 MB (SQLite) to 85 MB (PostgreSQL, where requests wait on round trips and more of their
 * objects get promoted) of garbage not yet collected. At 50 PostgreSQL's peak (100,000 assets,
 * after an import) fell from about 194 to 136 MB (docs/performance.md). It is a V8 flag, which
 * NODE_OPTIONS refuses: an operator sets it on the command line
 * (`node --heap-growing-percent=N bin/orbis.js serve`).
 */
export const HEAP_GROWING_PERCENT = 50;

/** The V8 flags `serve` runs with, each unless the operator set it. */
export const SERVING_V8_FLAGS: readonly (readonly [flag: string, value: number])[] = [
  ['--max-semi-space-size', SEMI_SPACE_MB],
  ['--heap-growing-percent', HEAP_GROWING_PERCENT],
];

/**
 * glibc's malloc arenas. By default each thread that allocates (libuv's pool, V8's compiler and
 * collector threads) gets an arena of its own, and each keeps what it freed: that held 15–40 MB
 * more after a burst of requests. Other C libraries ignore the variable.
 */
export const MALLOC_ARENAS = '2';

/**
 * The commands that run long enough for the tuning to matter: the server, and `migrate`, which
 * streams a whole installation (at 100,000 items its peak fell from 301 to 169 MB with it;
 * docs/operations.md, "Move to another store").
 */
export const TUNED_COMMANDS: readonly string[] = ['serve', 'migrate'];

/** Set in the tuned process, so that it never replaces itself again. */
export const TUNED_MARK = 'ORBIS_RUNTIME_TUNED';

/** Set to `off` by an operator who wants Node's and the C library's defaults. */
export const TUNING_SWITCH = 'ORBIS_RUNTIME_TUNING';

export interface Relaunch {
  /** Node options to put before the script. */
  execArgv: string[];
  /** The whole environment of the tuned process. */
  env: NodeJS.ProcessEnv;
}

/**
 * What `orbis <args>` should be relaunched with, or undefined to run as it is: only `serve` and
 * `migrate` are tuned (the other commands are short), only once, not when switched off, and each setting the
 * operator made (in the command's Node options, `NODE_OPTIONS`, or `MALLOC_ARENA_MAX`) is kept.
 */
export function servingRelaunch(args: readonly string[], execArgv: readonly string[], env: NodeJS.ProcessEnv): Relaunch | undefined {
  if (!TUNED_COMMANDS.includes(args[0] ?? '') || env[TUNED_MARK] || env[TUNING_SWITCH] === 'off') return undefined;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const flags = SERVING_V8_FLAGS.filter(([flag]) => !given.some((a) => a === flag || a.startsWith(`${flag}=`)));
  const arenasSet = env.MALLOC_ARENA_MAX !== undefined && env.MALLOC_ARENA_MAX !== '';
  if (flags.length === 0 && arenasSet) return undefined;
  return {
    execArgv: [...flags.map(([flag, value]) => `${flag}=${value}`), ...execArgv],
    env: { ...env, ...(arenasSet ? {} : { MALLOC_ARENA_MAX: MALLOC_ARENAS }), [TUNED_MARK]: '1' },
  };
}
