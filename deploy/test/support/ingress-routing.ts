// Which route a request takes, as the Kubernetes APIs define matching (no controller's extensions): every Ingress of
// a class that names a host adds its paths to that host (Prefix matches whole path segments, Exact the whole path, the
// longest match wins); every HTTPRoute naming the host adds its PathPrefix / Exact matches the same way. Controllers
// compare the normalised path: percent-decoded, with repeated slashes merged and dot segments resolved.
import type { K8sObject } from './kustomize.js';
import type { Ingress } from './k8s-model.js';

export interface Route {
  /** The Ingress or HTTPRoute that declares it. */
  source: K8sObject;
  path: string;
  pathType: string;
  backend: { name: string; port: { name?: string; number?: number } };
}

export type HttpRoute = K8sObject & {
  spec: {
    parentRefs: { group?: string; kind?: string; name: string; namespace?: string }[];
    hostnames?: string[];
    rules: {
      matches?: { path?: { type: 'PathPrefix' | 'Exact' | 'RegularExpression'; value: string } }[];
      backendRefs?: { group?: string; kind?: string; name: string; port?: number }[];
    }[];
  };
};

/** The request path as a proxy compares it with its routes. */
export const normalizedPath = (raw: string): string => {
  const merged = decodeURIComponent(raw.split('?')[0]).replace(/\/{2,}/g, '/');
  return decodeURIComponent(new URL(merged, 'http://host').pathname);
};

/** The paths every Ingress of `ingressClass` gives `host`. */
export const routesFor = (ingresses: Ingress[], host: string, ingressClass: string | undefined): Route[] =>
  ingresses
    .filter((i) => i.spec.ingressClassName === ingressClass)
    .flatMap((ingress) =>
      ingress.spec.rules
        .filter((r) => r.host === host)
        .flatMap((r) =>
          r.http.paths.map((p) => ({
            source: ingress,
            path: p.path,
            pathType: (p as { pathType?: string }).pathType ?? 'ImplementationSpecific',
            backend: p.backend.service,
          })),
        ),
    );

/** The paths every HTTPRoute gives `host` (a route without hostnames serves every host of its Gateway). */
export const httpRoutesFor = (routes: HttpRoute[], host: string): Route[] =>
  routes
    .filter((r) => !r.spec.hostnames || r.spec.hostnames.includes(host))
    .flatMap((route) =>
      route.spec.rules.flatMap((rule) =>
        (rule.matches ?? [{ path: { type: 'PathPrefix' as const, value: '/' } }]).flatMap((m) =>
          (rule.backendRefs ?? []).map((b) => ({
            source: route as K8sObject,
            path: m.path?.value ?? '/',
            pathType: m.path?.type === 'PathPrefix' ? 'Prefix' : (m.path?.type ?? 'Prefix'),
            backend: { name: b.name, port: { number: b.port } },
          })),
        ),
      ),
    );

/** The route serving `rawPath` on a host with these routes, or undefined when none matches (a 404). */
export const routeOf = (routes: Route[], rawPath: string): Route | undefined => {
  const path = normalizedPath(rawPath);
  const byLength = [...routes].sort((a, b) => b.path.length - a.path.length);
  return byLength.find((r) => {
    if (r.pathType === 'Exact') return path === r.path;
    if (r.pathType === 'Prefix') {
      const prefix = r.path.replace(/\/+$/, '');
      return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
    }
    // ImplementationSpecific and regular expressions mean whatever the controller makes of them
    throw new Error(`${r.source.kind} ${r.source.metadata.name}: path type ${r.pathType} is not controller-neutral`);
  });
};
