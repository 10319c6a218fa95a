import { RequestErrorEvent } from 'cesium';

/**
 * Why a layer could not be loaded, in words: `"<url> answered 404"` for an HTTP status (CesiumJS
 * rejects with a RequestErrorEvent, the layer worker with an Error of that message), `"<url> could
 * not be reached"` for a network error, otherwise the error's own message, prefixed by the url when
 * it does not name it (fetch's `"Failed to fetch"`). Never a class name: the bundle minifies those.
 */
export function loadFailure(err: unknown, url?: string): string {
  const from = url ?? 'the server';
  if (err instanceof RequestErrorEvent) {
    return err.statusCode === undefined ? `${from} could not be reached` : `${from} answered ${err.statusCode}`;
  }
  const message = err instanceof Error ? err.message || err.name : typeof err === 'string' ? err : undefined;
  if (message) return url === undefined || message.includes(url) ? message : `${url}: ${message}`;
  return `${from} could not be read (${String(err)})`;
}
