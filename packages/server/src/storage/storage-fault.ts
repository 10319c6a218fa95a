/**
 * Codes of the system errors that are the server's own trouble, never the client's: a full disk
 * or quota, a failing or read-only device, a file past its size limit, no file handles left, a
 * permission the data dir lacks.
 */
const SERVER_FAULT_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG', 'EMFILE', 'ENFILE', 'EACCES', 'EPERM', 'ENOMEM']);

/**
 * Whether a failure while storing bytes is the storage's (a 500 `internal`, logged with its
 * cause) rather than the request body's: a system error with one of the codes above, or an error
 * of the S3 client (which carries `$metadata`).
 */
export function isStorageFault(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (typeof code === 'string' && SERVER_FAULT_CODES.has(code)) || '$metadata' in err;
}
