import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_PATH, ensureChromium } from './chromium.js';

vi.mock('node:fs', () => ({ existsSync: vi.fn() }));
vi.mock('node:child_process', () => ({ execFileSync: vi.fn() }));

const exists = vi.mocked(existsSync);
const exec = vi.mocked(execFileSync);

/** Makes `paths` exist, and `/usr/bin/chromium` appear once apt has run, when `aptInstalls`. */
function machine(paths: string[], aptInstalls = false): void {
  let installed = false;
  exists.mockImplementation((path) => paths.includes(String(path)) || (String(path) === CHROMIUM_PATH && installed));
  exec.mockImplementation(() => {
    installed = aptInstalls;
    return Buffer.alloc(0);
  });
}

describe('ensureChromium', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(process, 'getuid').mockReturnValue(0);
  });
  afterEach(() => vi.restoreAllMocks());

  it('returns /usr/bin/chromium when it is there, without installing', () => {
    machine([CHROMIUM_PATH, '/usr/bin/apt-get']);
    expect(ensureChromium()).toBe(CHROMIUM_PATH);
    expect(exec).not.toHaveBeenCalled();
  });

  it('installs Debian chromium with apt as root, once at a time', () => {
    machine(['/usr/bin/apt-get'], true);
    expect(ensureChromium()).toBe(CHROMIUM_PATH);
    const [file, args] = exec.mock.calls[0] ?? [];
    expect(file).toBe('flock');
    expect((args as string[]).at(-1)).toMatch(/apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium/);
  });

  it('says in one line what to install when not root', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    machine(['/usr/bin/apt-get']);
    expect(ensureChromium).toThrow(/^Chromium is missing: install it with `apt-get install -y chromium`[^\n]*$/);
    expect(exec).not.toHaveBeenCalled();
  });

  it('says in one line what to install without apt-get', () => {
    machine([]);
    expect(ensureChromium).toThrow(/^Chromium is missing: [^\n]*$/);
  });

  it('says in one line what to install when apt fails, keeping the cause', () => {
    machine(['/usr/bin/apt-get']);
    exec.mockImplementation(() => {
      throw new Error('E: Unable to locate package chromium\nmore lines');
    });
    const error = (() => {
      try {
        ensureChromium();
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^Chromium is missing: [^\n]*$/);
    expect((error?.cause as Error | undefined)?.message).toMatch(/Unable to locate package/);
  });
});
