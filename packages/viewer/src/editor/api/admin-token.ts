const STORAGE_KEY = 'orbis.adminToken';

/**
 * The admin token (docs/contract.md §4): from the URL fragment `#token=…` (then removed from the address
 * bar and remembered), else the one remembered in this browser.
 */
export function takeAdminToken(location: Location, history: History, storage: Storage): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    const token = decodeURIComponent(match[1]!);
    storage.setItem(STORAGE_KEY, token);
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  return storage.getItem(STORAGE_KEY) ?? undefined;
}

export function rememberAdminToken(storage: Storage, token: string): void {
  storage.setItem(STORAGE_KEY, token);
}

export function forgetAdminToken(storage: Storage): void {
  storage.removeItem(STORAGE_KEY);
}
