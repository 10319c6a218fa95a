/** Routes that browsers on other origins may call. */
export const PUBLIC_PREFIXES = ['/api/p/', '/files/', '/openapi.json'];
/** CORS for the public routes, built once rather than on every request. */
export const PUBLIC_CORS = Object.freeze({
  origin: '*',
  methods: 'GET, HEAD',
  allowedHeaders: 'Authorization, Range, If-None-Match, If-Range',
  exposedHeaders: 'Link, Content-Range, Content-Length, ETag, Accept-Ranges',
  maxAge: 600,
  strictPreflight: false,
});
/** No CORS headers: the management API and pages are for Orbis's own origin. */
export const NO_CORS = Object.freeze({ origin: false });
