import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * A secret from the environment, else from `dataDir/fileName`, else a new random one written
 * there with mode 0600. The file appears whole or not at all (written aside, then linked into
 * place), so processes racing to create it end up with the same value; an empty file counts as none.
 * `created` hears the file's path when this call made the secret.
 */
export function loadSecret(dataDir: string, fileName: string, fromEnv: string | undefined, created?: (path: string) => void): string {
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const path = join(dataDir, fileName);
  const existing = readTrimmed(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, `${secret}\n`, { mode: 0o600 });
  try {
    if (existing === '') renameSync(aside, path);
    else linkSync(aside, path);
    created?.(path);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readTrimmed(path) || secret;
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // renamed into place
    }
  }
}
