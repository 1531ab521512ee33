// Renders a kustomization for the tests: `kubectl kustomize` when the machine has kubectl, and always this small
// renderer of exactly the subset our manifests use (resources, namespace, patches with strategic merge, images), so the
// checks also run where no kubectl is installed. The k8s test compares both outputs when it can.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Target {
  kind?: string;
  name?: string;
  namespace?: string;
  group?: string;
  version?: string;
  labelSelector?: string;
}
interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  patches?: { path?: string; patch?: string; target?: Target }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  configMapGenerator?: {
    name: string;
    files?: string[];
    literals?: string[];
    options?: { disableNameSuffixHash?: boolean; labels?: Record<string, string> };
  }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'images', 'configMapGenerator']);
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
]);

export const parseYamlDocuments = (text: string): JsonObject[] =>
  parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
      return doc.toJS({ maxAliasCount: -1 }) as JsonObject | null;
    })
    .filter((d): d is JsonObject => d !== null && typeof d === 'object');

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

/** Merge keys of the list fields we patch, as the Kubernetes API declares them (patchMergeKey). */
const mergeKeyFor = (field: string, items: Json[]): string | undefined => {
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'ephemeralContainers':
    case 'env':
    case 'volumes':
    case 'imagePullSecrets':
    case 'volumeClaimTemplates':
      return field === 'volumeClaimTemplates' ? undefined : 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'ports':
      // container ports merge on containerPort, Service ports on port
      return items.some((i) => isObject(i) && 'containerPort' in i) ? 'containerPort' : 'port';
    default:
      return undefined;
  }
};

const mergeKeyOf = (item: Json, key: string): Json | undefined => (isObject(item) ? item[key] : undefined);

/** Strategic merge patch (the subset kustomize applies for our overlays): maps merge, keyed lists merge by key,
 *  other lists are replaced, `null` deletes a field, `$patch: delete|replace` in a map or keyed list item. */
export const strategicMerge = (base: Json, patch: Json, field = ''): Json => {
  if (isObject(base) && isObject(patch)) {
    if (patch.$patch === 'replace') {
      const { $patch: _, ...rest } = patch;
      return clone(rest);
    }
    const out: JsonObject = clone(base);
    for (const [key, value] of Object.entries(patch)) {
      if (key === '$patch') continue;
      if (value === null) delete out[key];
      else if (key in out) out[key] = strategicMerge(out[key], value, key);
      else out[key] = stripDirectives(clone(value));
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch)) {
    const key = mergeKeyFor(field, [...base, ...patch]);
    if (!key) return stripDirectives(clone(patch));
    const out: Json[] = clone(base);
    for (const item of patch) {
      const id = mergeKeyOf(item, key);
      const at = out.findIndex((existing) => mergeKeyOf(existing, key) === id);
      if (isObject(item) && item.$patch === 'delete') {
        if (at >= 0) out.splice(at, 1);
      } else if (at >= 0) out[at] = strategicMerge(out[at], item, '');
      else out.push(stripDirectives(clone(item)));
    }
    return out;
  }
  return stripDirectives(clone(patch));
};

const stripDirectives = (v: Json): Json => {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (isObject(v))
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => k !== '$patch')
        .map(([k, x]) => [k, stripDirectives(x)]),
    );
  return v;
};

const groupVersion = (apiVersion: string) => {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return { group, version };
};

const matchesLabels = (labels: Record<string, string> = {}, selector: string): boolean =>
  selector.split(',').every((term) => {
    const [k, v] = term.split('=').map((s) => s.trim());
    return v === undefined ? k in labels : labels[k] === v;
  });

const matchesTarget = (obj: K8sObject, t: Target): boolean => {
  const { group, version } = groupVersion(obj.apiVersion);
  return (
    (!t.kind || new RegExp(`^(?:${t.kind})$`).test(obj.kind)) &&
    (!t.name || new RegExp(`^(?:${t.name})$`).test(obj.metadata.name)) &&
    (!t.namespace || obj.metadata.namespace === t.namespace) &&
    (t.group === undefined || t.group === group) &&
    (!t.version || t.version === version) &&
    (!t.labelSelector || matchesLabels(obj.metadata.labels, t.labelSelector))
  );
};

const splitImage = (image: string) => {
  const at = image.indexOf('@');
  const withoutDigest = at >= 0 ? image.slice(0, at) : image;
  const colon = withoutDigest.lastIndexOf(':');
  const slash = withoutDigest.lastIndexOf('/');
  return colon > slash
    ? { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1) }
    : { name: withoutDigest, tag: undefined };
};

const setImages = (node: Json, images: NonNullable<Kustomization['images']>): void => {
  if (Array.isArray(node)) node.forEach((n) => setImages(n, images));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
        for (const c of value) {
          if (!isObject(c) || typeof c.image !== 'string') continue;
          const { name, tag } = splitImage(c.image);
          const rule = images.find((i) => i.name === name);
          if (!rule) continue;
          const newName = rule.newName ?? name;
          c.image = rule.digest
            ? `${newName}@${rule.digest}`
            : rule.newTag
              ? `${newName}:${rule.newTag}`
              : tag
                ? `${newName}:${tag}`
                : newName;
        }
      } else setImages(value, images);
    }
  }
};

const loadResource = (path: string): K8sObject[] => {
  if (statSync(path).isDirectory()) return renderWithBuiltin(path);
  return parseYamlDocuments(readFileSync(path, 'utf8')) as unknown as K8sObject[];
};

/** The built-in renderer: refuses any kustomization field it does not implement rather than ignore it. */
export const renderWithBuiltin = (dir: string): K8sObject[] => {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => join(dir, f)).find(existsSync);
  if (!file) throw new Error(`no kustomization in ${dir}`);
  const k = parseYamlDocuments(readFileSync(file, 'utf8'))[0] as unknown as Kustomization;
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length)
    throw new Error(`${file}: the built-in renderer does not implement ${unsupported.join(', ')}`);

  let objects = (k.resources ?? []).flatMap((r) => loadResource(resolve(dir, r)));
  // generated ConfigMaps: a key per file (its base name) and per literal; the name's content hash is not implemented
  for (const g of k.configMapGenerator ?? []) {
    if (!g.options?.disableNameSuffixHash)
      throw new Error(`${file}: the built-in renderer needs disableNameSuffixHash on configMapGenerator ${g.name}`);
    const data: Record<string, string> = {};
    for (const f of g.files ?? []) data[basename(f)] = readFileSync(resolve(dir, f), 'utf8');
    for (const l of g.literals ?? []) data[l.slice(0, l.indexOf('='))] = l.slice(l.indexOf('=') + 1);
    objects.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: g.name, ...(g.options.labels ? { labels: g.options.labels } : {}) },
      data,
    });
  }
  const seen = new Set<string>();
  for (const o of objects) {
    const id = `${o.apiVersion.split('/')[0]}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(id)) throw new Error(`${file}: ${o.kind} ${o.metadata.name} is defined twice`);
    seen.add(id);
  }
  for (const p of k.patches ?? []) {
    const docs = p.path
      ? parseYamlDocuments(readFileSync(resolve(dir, p.path), 'utf8'))
      : parseYamlDocuments(p.patch ?? '');
    for (const doc of docs as unknown as K8sObject[]) {
      const targets = objects.filter((o) =>
        p.target
          ? matchesTarget(o, p.target)
          : o.kind === doc.kind &&
            o.metadata.name === doc.metadata.name &&
            groupVersion(o.apiVersion).group === groupVersion(doc.apiVersion).group,
      );
      if (targets.length === 0) throw new Error(`${file}: patch ${p.path ?? ''} matches no resource`);
      objects = objects.map((o) => {
        if (!targets.includes(o)) return o;
        // a targeted patch applies to every match whatever name it carries
        const body = p.target ? { ...doc, metadata: { ...doc.metadata, name: o.metadata.name } } : doc;
        return strategicMerge(o as unknown as Json, body as unknown as Json) as unknown as K8sObject;
      });
    }
  }
  if (k.namespace) {
    objects = objects.map((o) =>
      CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } },
    );
  }
  if (k.images?.length) {
    objects = objects.map((o) => {
      const copy = clone(o);
      setImages(copy as unknown as Json, k.images!);
      return copy;
    });
  }
  return objects;
};

export const kubectlAvailable = (): boolean =>
  spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

export const renderWithKubectl = (dir: string): K8sObject[] => {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${r.stderr}`);
  return parseYamlDocuments(r.stdout) as unknown as K8sObject[];
};

export const objectKey = (o: K8sObject): string => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

export const byKey = (objects: K8sObject[]): Map<string, K8sObject> => new Map(objects.map((o) => [objectKey(o), o]));

export const kustomizeRoot = (dir: string): string =>
  resolve(dirname(new URL(import.meta.url).pathname), '../../k8s', dir);
