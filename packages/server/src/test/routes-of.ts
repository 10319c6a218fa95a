import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';

/** A route as registered: method and Fastify path (`:param`, `*`). */
export interface RouteEntry {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, RouteEntry[]>();

// Fastify announces every instance it makes on this channel before any route is added, so every
// app made while this module is loaded (`buildApp`, the harness's servers) records its routes.
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const routes: RouteEntry[] = [];
  registered.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    }
  });
});

/** The routes an app registered, HEAD and OPTIONS aside (an app made after this module was loaded). */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const routes = registered.get(app);
  if (!routes) throw new Error('routesOf: this app was made before test/routes-of.ts was loaded');
  return routes;
}
