import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { declaredStatements } from './named-statement.js';
import './message.statements.js';
import './thread.statements.js';
import './pin-reaction.statements.js';
import './read-state.statements.js';

/**
 * Every statement of the store, as Postgres receives it, in a checked-in file: a change to a statement (or to the
 * field table it is built from) shows in review as a diff of queries.sql. `UPDATE_SQL=1` rewrites the file.
 */
const SNAPSHOT = fileURLToPath(new URL('./queries.sql', import.meta.url));

/** The statement as sent, its positional parameters named in a comment above it. */
const render = (s: { name: string; text: string; names: string[] }): string => {
  const params = s.names.map((name, i) => `$${i + 1} = :${name}`).join(', ');
  const body = s.text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
  return `-- ${s.name}\n${params ? `-- ${params}\n` : ''}${body};\n`;
};

const rendered = (): string =>
  '-- Written by services/chat/src/store/queries.spec.ts (UPDATE_SQL=1 rewrites it); do not edit by hand.\n\n' +
  declaredStatements()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(render)
    .join('\n');

describe('queries.sql', () => {
  it('holds every statement of the store as it is sent', () => {
    const now = rendered();
    if (process.env.UPDATE_SQL) writeFileSync(SNAPSHOT, now);
    expect(readFileSync(SNAPSHOT, 'utf8')).toBe(now);
  });

  it('names each statement once and binds every parameter it names', () => {
    const statements = declaredStatements();
    expect(new Set(statements.map((s) => s.name)).size).toBe(statements.length);
    for (const s of statements) {
      const positions = [...s.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      expect(new Set(positions)).toEqual(new Set(s.names.map((_, i) => i + 1)));
      // no `:name` left unbound (a `::type` cast is not a parameter)
      expect(s.text).not.toMatch(/(?<![:\w]):[A-Za-z_]\w*/);
    }
  });
});
