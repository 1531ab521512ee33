// The version story: package.json's semantic version is the release the changelog describes and the tag of the
// production image; the licence named in package.json is the LICENSE file's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './support/env-usage.js';
import { kustomizeRoot, parseYamlDocuments } from './support/kustomize.js';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; license?: string };

describe('release', () => {
  it('has a semantic version in package.json, the tag of the prod overlay’s image', () => {
    expect(pkg.version).toMatch(/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/);
    const [kustomization] = parseYamlDocuments(readFileSync(kustomizeRoot('overlays/prod/kustomization.yaml'), 'utf8'));
    expect(kustomization.images).toEqual([expect.objectContaining({ name: 'teamchat', newTag: pkg.version })]);
  });

  it('describes that version in CHANGELOG.md (Keep a Changelog: Unreleased first, dated releases, links)', () => {
    const changelog = read('CHANGELOG.md');
    const releases = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({
      version: m[1],
      date: m[2],
    }));
    expect(releases[0]).toEqual({ version: 'Unreleased', date: undefined });
    expect(releases[1]).toEqual({ version: pkg.version, date: expect.any(String) });
    for (const { version } of releases)
      expect(changelog).toMatch(new RegExp(`^\\[${version.replace(/\./g, '\\.')}\\]: `, 'm'));
    for (const heading of [...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]))
      expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security', 'Upgrade']).toContain(heading);
  });

  it('ships upgrade notes that give the migration order of a rolling upgrade', () => {
    const notes = read('UPGRADING.md');
    const order = [
      'Configuration first',
      'Migrations, while the old release serves',
      'Services, each when',
      'Gateways',
    ];
    const at = order.map((step) => notes.indexOf(step));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('is licensed under the LICENSE file’s licence, which package.json names', () => {
    expect(pkg.license).toBe('Apache-2.0');
    expect(read('LICENSE')).toContain('Apache License\n                           Version 2.0, January 2004');
  });
});
