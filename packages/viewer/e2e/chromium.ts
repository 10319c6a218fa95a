import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's `chromium` package puts its launcher. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const INSTALL_HINT = 'Chromium is missing: install it with `apt-get install -y chromium` (Debian) so that /usr/bin/chromium exists';

/**
 * Returns the path of a Chromium binary for browser tests, installing Debian's `chromium` package
 * when running as root where it is missing. Nothing is downloaded from anywhere but apt.
 *
 * The install is serialised with `flock`, so test workers that start together run apt once.
 *
 * @throws Error with one line saying what to install, when Chromium is missing and cannot be installed here.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error(INSTALL_HINT);
  const install = `[ -x ${CHROMIUM_PATH} ] || ` + '(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)';
  try {
    execFileSync('flock', ['/var/lock/orbis-chromium-install', 'sh', '-c', install], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (cause) {
    throw new Error(INSTALL_HINT, { cause });
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(INSTALL_HINT);
  return CHROMIUM_PATH;
}
