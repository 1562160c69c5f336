/** A schema file that cannot be used; the message names the file and the JSON pointer. */
export class SchemaError extends Error {
  constructor(
    readonly source: string,
    readonly pointer: string,
    detail: string,
  ) {
    super(`${source}#${pointer}: ${detail}`);
    this.name = 'SchemaError';
  }
}
