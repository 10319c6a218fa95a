/** A mistake in how the CLI was called: printed with the usage. */
export class UsageError extends Error {}
