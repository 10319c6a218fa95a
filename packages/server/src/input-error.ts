/** Bad input to a domain operation: names the field and what was expected. Becomes a 400 `invalid_body`. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
