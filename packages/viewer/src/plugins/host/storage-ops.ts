import type { HostOps } from './host-op.js';

/**
 * `app.data.clientStorage`'s host operations, each asynchronous: the page's storage
 * (client-storage.ts) keeps each extension's keys apart by the extension's id. Values arrive
 * checked as JSON by the runtime (runtime/data.ts).
 */
export const STORAGE_OPS: HostOps = {
  'storage.get': { args: [['key', 'string']], async: true, run: ({ sandbox, services }, [key]) => services.clientStorage.get(sandbox.label, key) },
  'storage.set': { args: [['key', 'string'], ['value', 'any']], async: true, run: ({ sandbox, services }, [key, value]) => services.clientStorage.set(sandbox.label, key, value) },
  'storage.delete': { args: [['key', 'string']], async: true, run: ({ sandbox, services }, [key]) => services.clientStorage.delete(sandbox.label, key) },
  'storage.keys': { args: [], async: true, run: ({ sandbox, services }) => services.clientStorage.keys(sandbox.label) },
  'storage.drop': { args: [], async: true, run: ({ sandbox, services }) => services.clientStorage.drop(sandbox.label) },
};
