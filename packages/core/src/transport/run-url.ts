/**
 * The URL of a named run: `<endpoint>/<runId>`, keeping the endpoint's query string
 * (`/api/chat/stream?tenant=a` → `/api/chat/stream/run_1?tenant=a`).
 */
export function runUrl(endpoint: string, runId: string): string {
  const cut = endpoint.search(/[?#]/);
  const path = cut === -1 ? endpoint : endpoint.slice(0, cut);
  const rest = cut === -1 ? '' : endpoint.slice(cut);
  return `${path.replace(/\/+$/, '')}/${encodeURIComponent(runId)}${rest}`;
}

/** Appends query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const query = new URLSearchParams(entries).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}
