/**
 * What the public routes' schemas add to @orbis/contract's pieces (which declare the management
 * API, its records and its query parameters): their security. One source for Fastify's
 * validation (Ajv) and for `/openapi.json` (@fastify/swagger).
 */

type Security = { [label: string]: string[] }[];
/** No key on a public project, a project key on a private one. */
export const publicSecurity: Security = [{}, { apiKey: [] }];
