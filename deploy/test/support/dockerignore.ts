// Matches paths against a .dockerignore the way Docker does for the patterns we use (`**`, `*`, `!` exceptions,
// a pattern excluding a directory excludes everything under it).
import { readFileSync } from 'node:fs';

const toRegExp = (pattern: string): RegExp => {
  let re = '';
  const p = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  for (let i = 0; i < p.length; i++) {
    if (p.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (p.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (p[i] === '*') re += '[^/]*';
    else if (p[i] === '?') re += '[^/]';
    else re += p[i].replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}(?:/.*)?$`);
};

export const readDockerignore = (path: string) => {
  const rules = readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) =>
      l.startsWith('!') ? { exclude: false, re: toRegExp(l.slice(1)) } : { exclude: true, re: toRegExp(l) },
    );
  /** True when the file (path relative to the build context) is left out of the build context. */
  return (file: string): boolean =>
    rules.reduce((ignored, rule) => (rule.re.test(file) ? rule.exclude : ignored), false);
};
