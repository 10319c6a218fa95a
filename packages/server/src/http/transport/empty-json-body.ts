import type { FastifyInstance } from 'fastify';
import { checkJsonDepth } from '../../json-depth.js';

/**
 * Lets a request with `Content-Type: application/json` and no body through as having no body
 * (docs/contract.md §9: a POST with an empty body is accepted wherever a route takes no body; clients such
 * as `fetch` wrappers send the header regardless). Every other JSON body is parsed by Fastify's
 * own parser, with its prototype-poisoning guards, then held to MAX_JSON_DEPTH before any route's
 * schema sees it (400 `invalid_body` naming the limit); a route that needs a body still refuses
 * `undefined` with 400 `invalid_body`.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, (err, value) => {
      if (err) return done(err);
      try {
        checkJsonDepth(value, 'the body');
      } catch (tooDeep) {
        return done(tooDeep as Error);
      }
      return done(null, value);
    });
  });
}
