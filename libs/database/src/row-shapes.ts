import { createRequire } from 'node:module';

/** The part of pg's `Result` (pg/lib/result.js) this touches. */
interface PgResult {
  fields: FieldDescription[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: { getTypeParser(oid: number, format: string): (value: string) => unknown } | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
  addFields(fieldDescriptions: FieldDescription[]): void;
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

/** Distinct result shapes kept (a service has a few dozen statements); past it, the map starts again. */
const MAX_SHAPES = 2_000;

/**
 * pg builds, for every result it receives, the empty row each of its rows is copied from: an object made key by key
 * on a null prototype (dictionary mode), then copied — about 3–4 µs for a 21-column message row, and 3–4 % of the
 * chat service's CPU in bench/fanout, where nearly every statement returns one row. That object depends on the
 * column names alone, and a service's statements return a few dozen shapes: here it is built once per shape and
 * shared by every result of that shape (pg only ever copies it, `{ ...prebuilt }`, never writes to it). The type
 * parsers are still looked up for each result as pg does, so `setTypeParser` keeps working as before. Upstream:
 * brianc/node-postgres#3753 caches both per shape; this takes only the part whose key is plain (the names).
 */
export const shareRowShapes = (): void => {
  const require = createRequire(import.meta.url);
  const Result = require('pg/lib/result.js') as { prototype: PgResult & { sharesRowShapes?: true } };
  if (Result.prototype.sharesRowShapes) return;
  const pgTypes = createRequire(require.resolve('pg'))('pg-types') as NonNullable<PgResult['_types']>;
  const shapes = new Map<string, Record<string, null>>();
  Result.prototype.addFields = function addFields(this: PgResult, fieldDescriptions: FieldDescription[]): void {
    // as pg does: a second row description (several statements in one query) replaces the first
    this.fields = fieldDescriptions;
    const count = fieldDescriptions.length;
    if (count) this._parsers = new Array<(value: string) => unknown>(count);
    const types = this._types ?? pgTypes;
    // NUL cannot occur in a Postgres identifier, so it separates names unambiguously
    let key = '';
    for (let i = 0; i < count; i++) {
      const desc = fieldDescriptions[i]!;
      key += `${desc.name}\0`;
      this._parsers![i] = types.getTypeParser(desc.dataTypeID, desc.format || 'text');
    }
    let prebuilt = shapes.get(key);
    if (!prebuilt) {
      const row = Object.create(null) as Record<string, null>;
      for (const desc of fieldDescriptions) row[desc.name] = null;
      prebuilt = { ...row };
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, prebuilt);
    }
    this._prebuiltEmptyResultObject = prebuilt;
  };
  Result.prototype.sharesRowShapes = true;
};
