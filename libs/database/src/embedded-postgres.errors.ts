/** Thrown when the embedded server cannot start; its message says what to change. */
export class EmbeddedPostgresError extends Error {
  override readonly name = 'EmbeddedPostgresError';
}
