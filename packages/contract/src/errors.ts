/** Every error code of docs/contract.md §2 with its HTTP status: the server answers them, the editor reads them. */
export const ERROR_STATUS = {
  invalid_parameter: 400,
  invalid_cursor: 400,
  invalid_body: 400,
  api_key_required: 401,
  invalid_api_key: 401,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  no_assets: 404,
  conflict: 409,
  // docs/collaboration.md: a write whose If-Match names an older version.
  precondition_failed: 412,
  range_not_satisfiable: 416,
  payload_too_large: 413,
  too_many_attempts: 429,
  internal: 500,
  // With Retry-After: a vector tile whose file is still being indexed (docs/viewer.md, "Tiles"), a write that waited
  // too long for an item import's commit (docs/content-api.md, "Content models").
  unavailable: 503,
} as const;

/** An error code the server answers. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The error body: `{"error": {code, message}}`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}
