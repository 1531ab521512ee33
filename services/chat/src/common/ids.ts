const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs as strings; anything that is not a uuid cannot name a row and is answered as not found. */
export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Postgres unique violation (SQLSTATE 23505), optionally on one named constraint or index. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === '23505' && (!constraint || name === constraint);
};

/** Postgres foreign-key violation (SQLSTATE 23503). */
export const isForeignKeyViolation = (err: unknown): boolean => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e?.driverError?.code ?? e?.code) === '23503';
};
