import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { CallWatcher } from './timed-calls.js';

/** OpenTelemetry's traces of one server (docs/operations.md, "Traces"). */
export interface Tracing {
  tracer: Tracer;
  /** Makes a span of every request Fastify routes; registered before any route. */
  instrument(app: FastifyInstance): Promise<void>;
  /** Sends the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Whether traces are wanted, by OpenTelemetry's own settings: an OTLP endpoint is set (for traces
 * or for every signal), the SDK is not disabled, and the traces exporter is not `none`.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/**
 * Starts OpenTelemetry's tracer for this process when `tracingWanted`: spans go over OTLP/HTTP
 * (JSON) where the OTEL_EXPORTER_OTLP_* settings point, batched, sampled and named as the OTEL_*
 * settings say (the SDK reads them from the process's environment; `service.name` is `orbis`
 * unless OTEL_SERVICE_NAME says otherwise). The SDK is loaded only then: a server without an
 * endpoint loads none of it. Incoming `traceparent` headers continue a caller's trace.
 */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<Tracing | undefined> {
  if (!tracingWanted(env)) return undefined;
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes, detectResources, envDetector },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@fastify/otel'),
  ]);
  const resource = resourceFromAttributes({ 'service.name': 'orbis' }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // The context manager (AsyncLocalStorage) and the W3C propagator, for this process.
  provider.register();
  const requests = new FastifyOtelInstrumentation({
    // The request span is named as OpenTelemetry's HTTP conventions name a server span: method and route.
    requestHook: (span, request) => span.updateName(`${request.method} ${request.routeOptions.url ?? ''}`.trim()),
  });
  requests.setTracerProvider(provider);
  return {
    tracer: provider.getTracer('orbis'),
    instrument: async (app) => void (await app.register(requests.plugin())),
    shutdown: () => provider.shutdown(),
  };
}

/** What a call outside any trace ends with: nothing. */
const untraced = () => undefined;

/**
 * A watcher that makes a client span of each call to the store or the storage (`store
 * getProjectAccess`, `storage put`), a child of the request's span, marked as an error when the
 * call failed. A call outside any request's trace (the webhook dispatcher's poll, a sweep) makes
 * none, as OpenTelemetry's database instrumentations do with `requireParentSpan`: a poll each
 * second would otherwise be a trace each second.
 */
export function spanWatcher(tracer: Tracer, kind: 'store' | 'storage', attributes: Record<string, string>): CallWatcher {
  return (operation) => {
    if (!trace.getSpan(context.active())) return untraced;
    const span = tracer.startSpan(`${kind} ${operation}`, { kind: SpanKind.CLIENT, attributes: { ...attributes, 'orbis.operation': operation } });
    return (outcome) => {
      if (outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
  };
}
