// Which Ingress path ingress-nginx picks for a request, modelled on how it writes nginx locations: every Ingress of a
// class that names a host adds its paths to that host's server; `use-regex` on any of them turns all of the host's
// paths into case-insensitive regex locations (`location ~* "^<path>"`), tried longest path first; otherwise paths are
// prefix locations (Prefix matching whole segments) and the longest match wins. nginx matches the normalised path:
// percent-decoded, with repeated slashes merged and dot segments resolved.
import type { Ingress } from './k8s-model.js';

export interface Route {
  ingress: Ingress;
  path: string;
  pathType: string;
  backend: { name: string; port: { name?: string; number?: number } };
}

/** The request path as nginx compares it with its locations. */
export const normalizedPath = (raw: string): string => {
  const merged = decodeURIComponent(raw.split('?')[0]).replace(/\/{2,}/g, '/');
  return decodeURIComponent(new URL(merged, 'http://host').pathname);
};

const usesRegex = (i: Ingress): boolean => i.metadata.annotations?.['nginx.ingress.kubernetes.io/use-regex'] === 'true';

/** The paths every Ingress of `ingressClass` gives `host`. */
export const routesFor = (ingresses: Ingress[], host: string, ingressClass: string | undefined): Route[] =>
  ingresses
    .filter((i) => i.spec.ingressClassName === ingressClass)
    .flatMap((ingress) =>
      ingress.spec.rules
        .filter((r) => r.host === host)
        .flatMap((r) =>
          r.http.paths.map((p) => ({
            ingress,
            path: p.path,
            pathType: (p as { pathType?: string }).pathType ?? 'ImplementationSpecific',
            backend: p.backend.service,
          })),
        ),
    );

/** The route serving `rawPath` on a host with these routes, or undefined when none matches (nginx's default 404). */
export const routeOf = (routes: Route[], rawPath: string): Route | undefined => {
  const path = normalizedPath(rawPath);
  const byLength = [...routes].sort((a, b) => b.path.length - a.path.length);
  if (routes.some((r) => usesRegex(r.ingress))) {
    return byLength.find((r) => new RegExp(`^${r.path}${r.pathType === 'Exact' ? '$' : ''}`, 'i').test(path));
  }
  return byLength.find((r) => {
    if (r.pathType === 'Exact') return path === r.path;
    if (r.pathType === 'Prefix') {
      const prefix = r.path.replace(/\/+$/, '');
      return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
    }
    return path.startsWith(r.path);
  });
};

/** Whether ingress-nginx refuses every client on this route (a deny list covering all IPv4 and IPv6 addresses). */
export const deniesEveryone = (route: Route): boolean => {
  const deny = (route.ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/denylist-source-range'] ?? '')
    .split(',')
    .map((s) => s.trim());
  return deny.includes('0.0.0.0/0') && deny.includes('::/0');
};
