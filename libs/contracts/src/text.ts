// Text that crosses any boundary of the product (HTTP bodies and queries, socket frames, bus payloads) is refused when
// it carries a C0 control character other than tab, line feed or carriage return: Postgres cannot store NUL in text
// (it used to surface as a 500), and none of the others belongs in a name, a message or a search. A lone UTF-16
// surrogate, which no UTF-8 text can hold, is taken as U+FFFD (see wellFormedText).
import type { ValidationIssue } from './errors.js';

const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';

/** Whether one string carries a refused control character. */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTER.test(text);

/**
 * Calls `visit` with each string anywhere in a parsed JSON value (or query object), its path, and (but for `value`
 * itself) the array or object holding it and its key there; stops at the first `visit` that answers true. Walks with
 * its own stack, so nesting depth is no risk.
 */
const eachString = (
  value: unknown,
  visit: (text: string, path: string, holder?: Record<string, unknown>, key?: string) => boolean,
): void => {
  const pending: Array<[unknown, string, Record<string, unknown>?, string?]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path, holder, key] = pending.pop()!;
    if (typeof current === 'string') {
      if (visit(current, path, holder, key)) return;
    } else if (current !== null && typeof current === 'object') {
      const items = current as Record<string, unknown>;
      for (const k of Object.keys(items)) pending.push([items[k], path ? `${path}.${k}` : k, items, k]);
    }
  }
};

/**
 * The first string anywhere in a parsed JSON value (or query object) that carries a refused control character, as a
 * validation issue naming its path; null when there is none.
 */
export const controlCharacterIssue = (value: unknown): ValidationIssue | null => {
  let issue: ValidationIssue | null = null;
  eachString(value, (text, path) => {
    if (CONTROL_CHARACTER.test(text)) issue = { path, message: CONTROL_CHARACTERS_MESSAGE };
    return issue !== null;
  });
  return issue;
};

/** A UTF-16 surrogate that is not half of a pair (in `u` mode a pair is one code point, which this does not match). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * `value` with every string in it well-formed: each lone surrogate U+FFFD, as Postgres stores it from a text
 * parameter (and as jsonb refuses it) — so what a request answers, stores and announces is one text. Replaces the
 * strings of `value`'s arrays and objects in place (a client's freshly parsed input).
 */
export const wellFormedText = <T>(value: T): T => {
  let result = value;
  eachString(value, (text, _path, holder, key) => {
    if (!LONE_SURROGATE.test(text)) return false;
    const fixed = text.replace(LONE_SURROGATES, '\uFFFD');
    if (holder) holder[key!] = fixed;
    else result = fixed as T;
    return false;
  });
  return result;
};
