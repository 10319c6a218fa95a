import { InputError } from '../input-error.js';

/** A GeoTIFF that cannot be shown, with the file named and what is wrong with it. */
export class RasterFileError extends InputError {
  constructor(file: string, why: string) {
    super('file', `${file}: ${why}`);
    this.name = 'RasterFileError';
  }
}
