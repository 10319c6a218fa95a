export { main } from './cli/main.js';
export { resolveConfig, type OrbisConfig } from './config/serve-config.js';
export { createContext, openStore, openStorage } from './context.js';
export { buildApp } from './http/app.js';
export { startServer, type RunningServer } from './server.js';
export type { Store } from './store/store.js';
export type { Storage } from './storage/storage.js';
