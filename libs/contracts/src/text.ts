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
 * The first string anywhere in a parsed JSON value (or query object) that carries a refused control character, as a
 * validation issue naming its path; null when there is none. Walks with its own stack, so nesting depth is no risk.
 */
export const controlCharacterIssue = (value: unknown): ValidationIssue | null => {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTER.test(current)) return { path, message: CONTROL_CHARACTERS_MESSAGE };
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) pending.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return null;
};

/** A UTF-16 surrogate that is not half of a pair (in `u` mode a pair is one code point, which this does not match). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * `value` with every string in it well-formed: each lone surrogate U+FFFD, as Postgres stores it from a text
 * parameter (and as jsonb refuses it) — so what a request answers, stores and announces is one text. Replaces the
 * strings of `value`'s arrays and objects in place (a client's freshly parsed input); walks with its own stack.
 */
export const wellFormedText = <T>(value: T): T => {
  const fixed = (text: string) => (LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text);
  if (typeof value === 'string') return fixed(value) as T;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object') continue;
    const holder = current as Record<string, unknown>;
    for (const key of Object.keys(holder)) {
      const item = holder[key];
      if (typeof item === 'string') {
        const text = fixed(item);
        if (text !== item) holder[key] = text;
      } else if (item !== null && typeof item === 'object') pending.push(item);
    }
  }
  return value;
};
