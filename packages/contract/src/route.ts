/**
 * What one route of the management API is, declared once (docs/contract.md §12): the server
 * registers it from this (its checks, its guard, `/openapi.json`) and the editor calls it through
 * the client made from it. As `viewer/src/plugins/protocol/host-ops.ts` declares the plugin protocol.
 */
import type { ProjectAction, Role } from '@orbis/scene/roles';
import type { Static, TSchema } from '@sinclair/typebox';

/**
 * Who may call a route: a project role (the least one), any signed-in user or token
 * (`signed-in`), a user's browser session only (`session`), or the admin token alone. The admin
 * token may call every route. `anyone`: a route outside the guard, which checks its own
 * credentials (sign-in, an invitation link).
 */
export type Least = Role | 'signed-in' | 'session' | 'admin' | 'anyone';

/** What the audit log records a write under (docs/contract.md §12). */
export type AuditAction = ProjectAction | 'project.create' | 'project.import' | 'user.create' | 'user.prove' | 'user.delete' | 'token.create' | 'token.revoke';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route: the schemas are JSON Schema (TypeBox), `answers` by HTTP status. */
export interface RouteDecl {
  readonly method: Method;
  /** The path as Fastify writes it: `:name` parameters, `*` for the rest. */
  readonly path: string;
  readonly summary: string;
  readonly least: Least;
  /** For a write, the action the audit log records. */
  readonly action?: AuditAction;
  readonly params?: TSchema;
  readonly query?: TSchema;
  /** A JSON body, required. */
  readonly body?: TSchema;
  /** A body by content type (an upload; an optional JSON body): Fastify checks the one sent. */
  readonly bodyByType?: Readonly<Record<string, TSchema>>;
  readonly answers: Readonly<Record<number, TSchema>>;
  /** The OpenAPI `security`, when not the one its least role implies (`securityOf`). */
  readonly security?: readonly { readonly [label: string]: readonly string[] }[];
}

/** Declares a route, keeping its literal types. */
export const declare = <const D extends RouteDecl>(route: D): D => route;

type StaticOr<S, Else> = S extends TSchema ? Static<S> : Else;

/** The path parameters a route takes. */
export type ParamsOf<D extends RouteDecl> = StaticOr<D['params'], Record<string, never>>;
/** The query a route takes. */
export type QueryOf<D extends RouteDecl> = StaticOr<D['query'], Record<string, never>>;
/** The JSON body a route takes (undefined when it takes none, or may take none). */
export type BodyOf<D extends RouteDecl> = D['body'] extends TSchema
  ? Static<D['body']>
  : D['bodyByType'] extends { 'application/json': infer S extends TSchema }
    ? Static<S> | undefined
    : undefined;
/** What a route answers when it succeeds (unknown when its answers are not declared: the bytes of a file). */
export type AnswerOf<D extends RouteDecl> = keyof D['answers'] extends never ? unknown : SuccessOf<D>;
type SuccessOf<D extends RouteDecl> = {
  [S in keyof D['answers']]: S extends 200 | 201 | 204 ? (D['answers'][S] extends TSchema ? Static<D['answers'][S]> : never) : never;
}[keyof D['answers']];

/** The `security` of a route's OpenAPI operation, from who may call it. */
export function securityOf(route: RouteDecl): readonly { readonly [label: string]: readonly string[] }[] | undefined {
  const { least } = route;
  if (route.security) return route.security;
  if (least === 'anyone') return undefined;
  if (least === 'admin') return [{ adminToken: [] }];
  if (least === 'session') return [{ session: [] }];
  // The admin token, or a user's session or personal access token with the route's least role.
  return [{ adminToken: [] }, { accessToken: [] }, { session: [] }];
}

/** A route's path with its parameters filled in (each encoded), e.g. for a client. */
export function pathOf(route: RouteDecl, values: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z]+)|\*$/g, (whole, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for ${whole}`);
    return name ? encodeURIComponent(String(value)) : String(value).split('/').map(encodeURIComponent).join('/');
  });
}
