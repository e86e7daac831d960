/** What a request's path names: the base (start a run) or one run. */
export type Route = { kind: 'base' } | { kind: 'run'; runId: string };

/** `/api/chat/stream/` → `/api/chat/stream`. */
export function normalizeBasePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/\/+$/, '') || '/';
}

/**
 * Reads a path against the base: `<base>` or `<base>/<runId>`; `null` for any other path.
 * A run id is one path segment, percent-decoded (`null` when it does not decode).
 */
export function routeOf(pathname: string, basePath: string): Route | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === basePath) return { kind: 'base' };
  const prefix = basePath === '/' ? '/' : `${basePath}/`;
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return { kind: 'run', runId: decodeURIComponent(rest) };
  } catch {
    return null;
  }
}
