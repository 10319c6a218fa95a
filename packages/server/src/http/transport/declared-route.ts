import { type BodyOf, type ParamsOf, type QueryOf, type RouteDecl, securityOf } from '@orbis/contract';
import type {
  FastifyInstance,
  FastifySchema,
  RouteGenericInterface,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (`declared-route.ts`). */
    declared?: RouteDecl;
  }
}

/** A declared route's request, typed from its schemas. */
export interface Declared<D extends RouteDecl> {
  Params: ParamsOf<D>;
  Querystring: QueryOf<D>;
  Body: BodyOf<D>;
}

/** A handler of a declared route: its params, query and body are typed from the declaration. */
export type DeclaredHandler<R extends RouteGenericInterface> = RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, R>;

/** What a route adds to its declaration on the server: limits, and schemas the declaration leaves to the server. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'validatorCompiler'> & { schema?: FastifySchema };

/** The Fastify schema of a declaration: what Ajv checks and what `/openapi.json` shows. */
export function schemaOf(route: RouteDecl): FastifySchema {
  const security = securityOf(route);
  const body =
    route.body ?? (route.bodyByType && { content: Object.fromEntries(Object.entries(route.bodyByType).map(([type, schema]) => [type, { schema }])) });
  return {
    summary: route.summary,
    ...(security ? { security: security as { [label: string]: string[] }[] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(body ? { body } : {}),
    ...(Object.keys(route.answers).length > 0 ? { response: route.answers } : {}),
  };
}

/**
 * Registers a route from its declaration (@orbis/contract): method, path and schemas come from
 * there, and the guard reads its least role and audit action from there (`auth/guard.ts`). `R`
 * is the request's types, from the declaration unless the route's schemas are the server's own
 * (`extras.schema`: the file and tile reads, which share theirs with the public routes).
 */
export function declaredRoute<D extends RouteDecl, R extends RouteGenericInterface = Declared<D>>(
  app: FastifyInstance,
  route: D,
  handler: DeclaredHandler<R>,
  extras: RouteExtras = {},
): void {
  const { schema, ...options } = extras;
  app.route<R>({ ...options, method: route.method, url: route.path, schema: { ...schemaOf(route), ...schema }, config: { declared: route }, handler });
}
