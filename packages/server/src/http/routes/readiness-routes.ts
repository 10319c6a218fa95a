import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';

/** How long `/readyz` waits for a part before it counts it as failing: a balancer's probe gives up soon after. */
export const READINESS_DEADLINE_MS = 5_000;

/** The meta key `/readyz` reads (never written): a read of a table is what tells that the database answers. */
const PROBE_META_KEY = 'readyz-probe';

/**
 * The names of the parts whose check rejected, or did not settle within `deadlineMs`; each
 * failure is handed to `onFailure` with its cause (the answer names only the part).
 */
export async function failingParts(
  checks: Record<string, () => Promise<unknown>>,
  deadlineMs: number,
  onFailure: (part: string, err: unknown) => void,
): Promise<string[]> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map((name) =>
      withDeadline(checks[name]!, deadlineMs, name).then(
        () => undefined,
        (err: unknown) => err ?? new Error(`${name} failed`),
      ),
    ),
  );
  const failing: string[] = [];
  results.forEach((err, i) => {
    if (err === undefined) return;
    onFailure(names[i]!, err);
    failing.push(names[i]!);
  });
  return failing;
}

async function withDeadline(check: () => Promise<unknown>, deadlineMs: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    await Promise.race([check(), late]);
  } finally {
    clearTimeout(timer);
  }
}

const answer = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, failing: { type: 'array', items: { type: 'string', enum: ['store', 'storage'] } } },
  required: ['ok'],
} as const;

/**
 * `GET /readyz` (docs/operations.md, "Watch"): 200 `{"ok":true}` when the database answers a read
 * and the file storage answers its check, else 503 `{"ok":false,"failing":[…]}` naming `store`,
 * `storage` or both; why is in the log, not in the answer.
 */
export function readinessRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/readyz',
    { schema: { summary: 'Readiness: whether the database and the file storage answer', response: { 200: answer, 503: answer } } },
    async (request, reply) => {
      const failing = await failingParts(
        { store: () => ctx.store.getMeta(PROBE_META_KEY), storage: () => ctx.storage.check() },
        READINESS_DEADLINE_MS,
        (part, err) => request.log.warn({ err, part }, `readiness: the ${part} does not answer`),
      );
      reply.header('cache-control', 'no-store');
      if (failing.length === 0) return { ok: true };
      return reply.code(503).send({ ok: false, failing });
    },
  );
}
