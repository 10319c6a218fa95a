import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret from the environment, else from `dataDir/fileName`, else a new random one written
 * there with mode 0600. Two processes racing to create it end up with the same value.
 */
export function loadSecret(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const path = join(dataDir, fileName);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw err;
  }
}
