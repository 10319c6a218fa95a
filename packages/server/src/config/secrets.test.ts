import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecret } from './secrets.js';

describe('loadSecret', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'orbis-secret-'));

  it('prefers the environment, then the file, else writes a new one with mode 0600', () => {
    const d = dir();
    expect(loadSecret(d, 's', 'from-env')).toBe('from-env');
    const made = loadSecret(d, 's', undefined);
    expect(made.length).toBeGreaterThanOrEqual(40);
    expect(statSync(join(d, 's')).mode & 0o777).toBe(0o600);
    expect(loadSecret(d, 's', '')).toBe(made);
    expect(readFileSync(join(d, 's'), 'utf8').trim()).toBe(made);
  });

  it('replaces an empty file instead of using an empty secret', () => {
    const d = dir();
    writeFileSync(join(d, 's'), '\n');
    const made = loadSecret(d, 's', undefined);
    expect(made.length).toBeGreaterThanOrEqual(40);
    expect(loadSecret(d, 's', undefined)).toBe(made);
  });
});
