import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, postgresS3Env, TEST_BACKEND } from '../test/harness.js';
import { startServerProcess } from '../test/server-process.js';
import { tracingWanted } from './tracing.js';

/** One span as OTLP/HTTP's JSON encoding sends it (ids in hex). */
interface SentSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A collector's OTLP/HTTP traces endpoint on 127.0.0.1: what it was sent, and the service that sent it. */
let collector: Server;
let endpoint: string;
const spans: SentSpan[] = [];
const services = new Set<string>();

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: { resource: { attributes: SentSpan['attributes'] }; scopeSpans: { spans: SentSpan[] }[] }[];
        };
        for (const rs of body.resourceSpans) {
          services.add(rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '');
          for (const ss of rs.scopeSpans) spans.push(...ss.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

const attribute = (span: SentSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('tracingWanted: OpenTelemetry’s own settings', () => {
  it('wants an OTLP endpoint, and takes no for an answer from OTEL_SDK_DISABLED and OTEL_TRACES_EXPORTER=none', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

/**
 * docs/operations.md, "Traces": `orbis serve` with OTEL_EXPORTER_OTLP_ENDPOINT sends a server span
 * per routed request, named by its route, continuing the caller's `traceparent`, with a child
 * span per store call; and what is buffered is sent on a clean stop.
 */
describe(`OpenTelemetry traces of a running server (${TEST_BACKEND})`, () => {
  it('sends each request as a span of its route, the store calls under it, in the caller’s trace', async () => {
    const env = {
      ORBIS_ADMIN_TOKEN: ADMIN_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_SERVICE_NAME: 'orbis-under-test',
      ...(TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {}),
    };
    const server = await startServerProcess(mkdtempSync(join(tmpdir(), 'orbis-otel-')), env);
    const caller = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331' };
    try {
      const created = await fetch(`${server.url}/api/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', traceparent: `00-${caller.traceId}-${caller.spanId}-01` },
        body: JSON.stringify({ alias: 'traced' }),
      });
      expect(created.status).toBe(201);
      expect((await fetch(`${server.url}/api/projects/nowhere`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(404);
    } finally {
      // A clean stop sends what the batch still holds.
      expect(await server.stop()).toBe(0);
    }
    expect(services).toEqual(new Set(['orbis-under-test']));
    const request = spans.find((s) => s.name === 'POST /api/projects');
    expect(request, `spans sent: ${spans.map((s) => s.name).join(', ')}`).toBeDefined();
    // A server span, in the caller's trace, under the caller's span.
    expect(request).toMatchObject({ kind: 2, traceId: caller.traceId, parentSpanId: caller.spanId });
    expect(attribute(request!, 'http.route')).toBe('/api/projects');
    expect(attribute(request!, 'http.response.status_code')).toBe(201);
    // The store's calls of that request are spans in its trace, below its span.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const below = (span: SentSpan, ancestor: SentSpan): boolean => {
      for (let at = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
        if (at === ancestor) return true;
      return false;
    };
    const storeCalls = spans.filter((s) => s.name.startsWith('store ') && s.traceId === caller.traceId);
    expect(storeCalls.map((s) => s.name)).toContain('store createProject');
    for (const call of storeCalls) {
      expect(call.kind).toBe(3);
      expect(below(call, request!)).toBe(true);
      expect(attribute(call, 'db.system.name')).toBe(TEST_BACKEND === 'postgres-s3' ? 'postgresql' : 'sqlite');
    }
    // Calls outside any request (the webhook dispatcher's poll, the start's checks) make no span.
    expect(spans.filter((s) => !s.parentSpanId && s.name.startsWith('store '))).toEqual([]);
    // A request of another route starts its own trace, and its 404 is on its span.
    const missing = spans.find((s) => s.name === 'GET /api/projects/:project' && attribute(s, 'http.response.status_code') === 404);
    expect(missing, 'the 404 of a project that does not exist').toBeDefined();
    expect(missing!.traceId).not.toBe(caller.traceId);
  });
});
