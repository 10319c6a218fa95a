import { type AnswerOf, type BodyOf, ERROR_STATUS, type ErrorCode, type ParamsOf, pathOf, type QueryOf, type RouteDecl } from '@orbis/contract';
import type { TSchema } from '@sinclair/typebox';
import { t } from '../../ui/i18n.js';

/** What an ApiError's code may be: one the server answers, or the client's own. */
export type ApiErrorCode = ErrorCode | 'network' | 'unknown';

/** An error answer of the API, with its code (docs/contract.md §2); `network` when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);

/** The ApiError of an answer that is not a success, from its `{"error": {code, message}}` body. */
function errorOf(status: number, json: unknown, fallback: string): ApiError {
  const error = (json as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return new ApiError(status, isErrorCode(error?.code) ? error.code : 'unknown', typeof error?.message === 'string' ? error.message : fallback);
}

type ParamsPart<D extends RouteDecl> = D['params'] extends TSchema ? { params: ParamsOf<D> } : { params?: never };
type QueryPart<D extends RouteDecl> = D['query'] extends TSchema ? { query?: Partial<QueryOf<D>> } : { query?: never };
/** A form, for a route that takes multipart/form-data. */
type FormPart<D extends RouteDecl> = D['bodyByType'] extends { 'multipart/form-data': TSchema } ? FormData : never;
type BodyPart<D extends RouteDecl> = D['body'] extends TSchema
  ? { body: BodyOf<D> }
  : D['bodyByType'] extends object
    ? { body?: BodyOf<D> | FormPart<D> }
    : { body?: never };

/** What a call of route `D` sends: its path parameters, query and body as declared, and the version headers. */
export type CallInput<D extends RouteDecl> = ParamsPart<D> &
  QueryPart<D> &
  BodyPart<D> & {
    /** Write only over this version (docs/collaboration.md): a 412 `precondition_failed` when it is not the current one. */
    ifMatch?: string;
    /** Answer 304 (undefined) when the resource is still this version. */
    ifNoneMatch?: string;
    /** Extra headers (a Range). */
    headers?: Record<string, string>;
  };

/** A success with its version (`ETag`). */
export interface Versioned<T> {
  body: T;
  etag: string | undefined;
}

/** What an upload sends: the files as a form, or one file as the body with its type. */
export type UploadInput<D extends RouteDecl> = ParamsPart<D> & QueryPart<D> & { body: FormData | Blob; headers?: Record<string, string> };

/**
 * The one client of the API (@orbis/contract's declarations): every call of the editor goes
 * through `send` (one fetch, ETag and If-Match handled here) or `upload` (with progress), and every
 * failure is an {@link ApiError} with a code the server declares.
 */
export class ApiClient {
  /** `auth` is the credential's header (the admin token's); none with a session, whose cookie goes by itself. */
  constructor(private readonly auth: Record<string, string> = {}) {}

  /** The URL of a route with its parameters and query. */
  url(route: RouteDecl, input: { params?: unknown; query?: unknown } = {}): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (value !== undefined) query.set(name, String(value));
    const search = query.toString();
    return pathOf(route, (input.params ?? {}) as Record<string, string>) + (search ? `?${search}` : '');
  }

  /** Calls a route; undefined when it answered 304 to `ifNoneMatch`. */
  async send<D extends RouteDecl>(route: D, input: CallInput<D>): Promise<Versioned<AnswerOf<D>> | undefined> {
    const body: unknown = input.body;
    const headers: Record<string, string> = { ...this.auth, ...input.headers };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    if (input.ifMatch) headers['if-match'] = input.ifMatch;
    if (input.ifNoneMatch) headers['if-none-match'] = input.ifNoneMatch;
    let res: Response;
    try {
      res = await fetch(this.url(route, input), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        // A conditional read asks the server, not the browser's cache.
        ...(input.ifNoneMatch !== undefined ? { cache: 'no-store' as const } : {}),
      });
    } catch (err) {
      throw new ApiError(0, 'network', `${t('errors.network')}: ${(err as Error).message}`);
    }
    if (res.status === 304) return undefined;
    const etag = res.headers.get('etag') ?? undefined;
    if (res.status === 204) return { body: undefined as AnswerOf<D>, etag };
    const type = res.headers.get('content-type') ?? '';
    // The API answers JSON; a file's bytes (a GeoJSON file's too) are read as text.
    const json: unknown = type.startsWith('application/json') ? await res.json().catch(() => undefined) : await res.text();
    if (!res.ok) throw errorOf(res.status, json, res.statusText);
    return { body: json as AnswerOf<D>, etag };
  }

  /** Calls a route and gives its answer's body. */
  async call<D extends RouteDecl>(route: D, input: CallInput<D>): Promise<AnswerOf<D>> {
    return (await this.send(route, input))!.body;
  }

  /** Sends a form or a file with upload progress (XHR: fetch has none); `failed` is the message when the answer has none. */
  upload<D extends RouteDecl>(route: D, input: UploadInput<D>, onProgress: (fraction: number) => void, failed: string): Promise<AnswerOf<D>> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(route.method, this.url(route, input));
      for (const [name, value] of Object.entries({ ...this.auth, ...input.headers })) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let json: unknown;
        try {
          json = JSON.parse(xhr.responseText || '{}');
        } catch {
          json = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(json as AnswerOf<D>);
        else reject(errorOf(xhr.status, json, failed));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', t('errors.network')));
      xhr.send(input.body);
    });
  }
}
