import type { STORAGE_OPS } from '../../protocol/host-ops.js';
import type { OpHandlers } from './host-op.js';

/**
 * `app.data.clientStorage`'s host operations, each asynchronous: the page's storage
 * (client-storage.ts) keeps each extension's keys apart by the extension's id.
 */
export const STORAGE_HANDLERS: OpHandlers<typeof STORAGE_OPS> = {
  'storage.get': ({ sandbox, services }, [key]) => services.clientStorage.get(sandbox.label, key),
  'storage.set': ({ sandbox, services }, [key, value]) => services.clientStorage.set(sandbox.label, key, value),
  'storage.delete': ({ sandbox, services }, [key]) => services.clientStorage.delete(sandbox.label, key),
  'storage.keys': ({ sandbox, services }) => services.clientStorage.keys(sandbox.label),
  'storage.drop': ({ sandbox, services }) => services.clientStorage.drop(sandbox.label),
};
