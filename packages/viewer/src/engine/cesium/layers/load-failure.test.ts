import { RequestErrorEvent } from 'cesium';
import { describe, expect, it } from 'vitest';
import { loadFailure } from './load-failure.js';

describe('loadFailure', () => {
  const url = 'https://example.com/data.czml';

  it('says the HTTP status CesiumJS rejected with', () => {
    expect(loadFailure(new RequestErrorEvent(404, 'Not Found'), url)).toBe(`${url} answered 404`);
  });

  it('says a request that got no answer could not be reached', () => {
    expect(loadFailure(new RequestErrorEvent(), url)).toBe(`${url} could not be reached`);
  });

  it("keeps an error's message, naming the url when the message does not (the layer worker's does)", () => {
    expect(loadFailure(new Error(`${url} answered 500`), url)).toBe(`${url} answered 500`);
    expect(loadFailure(new TypeError('Failed to fetch'), url)).toBe(`${url}: Failed to fetch`);
  });

  it('never answers with a class name alone', () => {
    class Xne {}
    expect(loadFailure(new Xne(), url)).toBe(`${url} could not be read ([object Object])`);
    expect(loadFailure('inline data is not GeoJSON')).toBe('inline data is not GeoJSON');
  });
});
