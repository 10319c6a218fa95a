import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';

/** Requests an app's HTTP server received, and those Fastify routed. */
interface Counts {
  received: number;
  routed: number;
}

const counts = new WeakMap<FastifyInstance, Counts>();

// Fastify announces every instance it makes on this channel, with its server, before any route is
// added: the counts start with the app's first request.
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const count: Counts = { received: 0, routed: 0 };
  counts.set(fastify, count);
  fastify.server.on('request', () => (count.received += 1));
  fastify.addHook('onRequest', async () => {
    count.routed += 1;
  });
});

/**
 * How many requests the app's listing hot path (`http/listing/hot-listing.ts`) has answered so far: those
 * its server received over the network that never reached Fastify's routing. Tests tell by it
 * which path answered.
 */
export function hotAnswers(app: FastifyInstance): number {
  const count = counts.get(app);
  if (!count) throw new Error('hotAnswers: this app was made before test/hot-answers.ts was loaded');
  return count.received - count.routed;
}
