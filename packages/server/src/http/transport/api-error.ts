import { ERROR_STATUS, type ErrorCode } from '@orbis/contract';

/** The one error type of the HTTP layer; the error handler turns it into `{"error":{code,message}}`. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent as `Retry-After` (a 429's or a 503's wait). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

/** The error body, keys in a fixed order. */
export function errorBody(code: ErrorCode, message: string): { error: { code: ErrorCode; message: string } } {
  return { error: { code, message } };
}
