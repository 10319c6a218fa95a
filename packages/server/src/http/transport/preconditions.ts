import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProjectLocks } from '../../live/project-locks.js';
import { ApiError } from './api-error.js';

/**
 * The version tag of a management resource (docs/collaboration.md, "No lost update"): a hash of
 * what a write can change in it, as canonical JSON (keys sorted), so that every process tags the
 * same version alike. A strong ETag.
 */
export function versionTag(version: unknown): string {
  return `"${createHash('sha256').update(canonicalJson(version)).digest('base64url').slice(0, 22)}"`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Sets the answer's ETag to `tag`. */
export function tagAnswer(reply: FastifyReply, tag: string): void {
  reply.header('ETag', tag);
}

/**
 * Refuses the request with 412 `precondition_failed` when its `If-Match` names neither `*` nor
 * `current` (a tag of {@link versionTag}). Without `If-Match` a write goes ahead, as scripts
 * expect. Weak tags never match (If-Match compares strongly).
 */
export function requireMatch(request: FastifyRequest, current: string): void {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((t) => t.trim());
  if (tags.includes('*') || tags.includes(current)) return;
  throw new ApiError(
    'precondition_failed',
    `If-Match names ${header.slice(0, 200)}, but the resource is now at ${current}: read it again (GET answers its ETag), then write`,
  );
}

const writes = new ProjectLocks();

/**
 * A conditional write of one resource (`key`): under a lock of this process, reads its version
 * (`current`: its tag, or undefined when it does not exist, which the write answers as it would),
 * holds the request's `If-Match` to it, writes, and tags the answer with the new version.
 */
export async function conditionalWrite<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  current: () => Promise<string | undefined>,
  write: () => Promise<T>,
  tagOf?: (result: T) => string,
): Promise<T> {
  return writes.run(key, async () => {
    if (request.headers['if-match'] !== undefined) {
      const tag = await current();
      if (tag !== undefined) requireMatch(request, tag);
    }
    const result = await write();
    if (tagOf) tagAnswer(reply, tagOf(result));
    return result;
  });
}
