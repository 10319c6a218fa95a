import type { Data, JsonValue } from '@orbis/plugin-api';
import type { Bridge } from './bridge.js';

/** Whether `value` survives JSON unchanged: no undefined, functions, NaN, Infinity, class instances or cycles. */
function isJson(value: unknown, seen: unknown[]): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return value - value === 0;
  if (typeof value !== 'object' || seen.includes(value)) return false;
  const proto = Object.getPrototypeOf(value);
  const isArray = Array.isArray(value);
  if (!isArray && proto !== Object.prototype && proto !== null) return false;
  seen.push(value);
  const values = isArray ? (value as unknown[]) : Object.values(value as object);
  for (let i = 0; i < values.length; i++) if (!isJson(values[i], seen)) return false;
  seen.pop();
  return true;
}

/**
 * `app.data.clientStorage`: every member asks the host (IndexedDB is the page's) and answers a
 * promise. A value that is not JSON is refused here, where it still is what the plugin gave: once
 * through JSON.stringify it would silently have become something else.
 */
export function createData(bridge: Bridge): Data {
  const { later } = bridge;
  const clientStorage: Data['clientStorage'] = {
    getAsync: (key) => later('storage.get', [key]),
    setAsync(key, value: JsonValue) {
      if (!isJson(value, []))
        return Promise.reject(
          new TypeError('clientStorage.setAsync: value must be a JSON value (null, boolean, finite number, string, array or plain object of them)'),
        );
      return later('storage.set', [key, value]);
    },
    deleteAsync: (key) => later('storage.delete', [key]),
    keysAsync: () => later('storage.keys', []),
    dropStoreAsync: () => later('storage.drop', []),
  };
  return Object.freeze({ clientStorage: Object.freeze(clientStorage) });
}
