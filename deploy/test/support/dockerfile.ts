// A reader for the Dockerfile instructions the tests check (stages, COPY sources, USER, EXPOSE, ENTRYPOINT, CMD).
import { readFileSync } from 'node:fs';

export interface Instruction {
  op: string;
  args: string;
  line: number;
}
export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export const parseDockerfile = (path: string): Stage[] => {
  const lines = readFileSync(path, 'utf8').split('\n');
  const instructions: Instruction[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i].trim();
    if (!text || text.startsWith('#')) continue;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1).trim()} ${lines[++i].trim()}`;
    const [op, ...rest] = text.split(/\s+/);
    instructions.push({ op: op.toUpperCase(), args: rest.join(' '), line: start + 1 });
  }
  const stages: Stage[] = [];
  for (const ins of instructions) {
    if (ins.op === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`line ${ins.line}: cannot read FROM ${ins.args}`);
      stages.push({ from: m[1], name: m[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length) stages[stages.length - 1].instructions.push(ins);
  }
  return stages;
};

/** `COPY [--from=x] [--chown=…] src… dest` → sources, destination and the stage copied from (none: build context). */
export const parseCopy = (args: string) => {
  const words = args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith('--'));
  const paths = words.filter((w) => !w.startsWith('--'));
  const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), dest: paths[paths.length - 1] };
};

/** Exec-form JSON arrays (`["node", "x.mjs"]`). */
export const execForm = (args: string): string[] => {
  const value = JSON.parse(args) as unknown;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new Error(`not exec form: ${args}`);
  return value;
};
