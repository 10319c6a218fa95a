/** Bad input to a domain operation: names the field and what was expected. Becomes a 400 `invalid_body`. */
export class InputError extends Error {
  readonly field: string;

  // No parameter property: GIS files are read in a worker that Node runs from this source in tests
  // (formats/vector-read-worker.ts), and Node's type stripping does not rewrite them.
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
    this.name = 'InputError';
  }
}
