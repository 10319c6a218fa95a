import fc from 'fast-check';

/**
 * Every property test of `npm test` draws from one fixed seed, so that CI is the same run each
 * time: a random seed once turned a clean clone red on a case nobody had touched (a nameless
 * multipart file part, since fixed and kept as a plain test). A hunt for new cases sets
 * `ORBIS_FUZZ_SEED=random` (or a number to replay one), usually with `ORBIS_FUZZ_SCALE`.
 */
const DEFAULT_SEED = 20261123;

const asked = process.env.ORBIS_FUZZ_SEED;
if (asked !== 'random') {
  const seed = asked === undefined || asked === '' ? DEFAULT_SEED : Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error(`ORBIS_FUZZ_SEED must be an integer or "random", not "${asked}"`);
  fc.configureGlobal({ seed });
}
