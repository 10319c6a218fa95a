/**
 * How `orbis serve` tunes the Node process it runs in, for memory. Both settings are read only
 * when a process starts, so the `orbis` command (bin/orbis.js) replaces itself, once, with the
 * same command under them (`process.execve`: the same process id, no second process). Node
 * offers that from 22.15 and 23.11; on older Node the server runs on Node's defaults, and an
 * operator sets the two by hand (docs/performance.md, "Where the server's memory goes").
 */

/**
 * V8's young generation, in MB per semi-space. Node's default lets it grow to 16 (32 MB in all)
 * under load; at 8 the server holds about 20 MB less, with no loss of requests per second that
 * the bench could see (docs/performance.md).
 */
export const SEMI_SPACE_MB = 8;

/**
 * glibc's malloc arenas. By default each thread that allocates (libuv's pool, V8's compiler and
 * collector threads) gets an arena of its own, and each keeps what it freed: that held 15–40 MB
 * more after a burst of requests. Other C libraries ignore the variable.
 */
export const MALLOC_ARENAS = '2';

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
 * What `orbis <args>` should be relaunched with, or undefined to run as it is: only `serve` is
 * tuned (the other commands are short), only once, not when switched off, and a setting the
 * operator made (in the command's Node options, `NODE_OPTIONS`, or `MALLOC_ARENA_MAX`) is kept.
 */
export function servingRelaunch(args: readonly string[], execArgv: readonly string[], env: NodeJS.ProcessEnv): Relaunch | undefined {
  if (args[0] !== 'serve' || env[TUNED_MARK] || env[TUNING_SWITCH] === 'off') return undefined;
  const semiSpaceSet = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--max-semi-space-size(=|$)/.test(a));
  const arenasSet = env.MALLOC_ARENA_MAX !== undefined && env.MALLOC_ARENA_MAX !== '';
  if (semiSpaceSet && arenasSet) return undefined;
  return {
    execArgv: [...(semiSpaceSet ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]), ...execArgv],
    env: { ...env, ...(arenasSet ? {} : { MALLOC_ARENA_MAX: MALLOC_ARENAS }), [TUNED_MARK]: '1' },
  };
}
