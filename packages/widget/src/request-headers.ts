import type { HeadersOption, TokenProvider } from './options.js';

/** Where the current `headers` and `getToken` options are read from, at each request. */
export interface HeaderSource {
  headers?: HeadersOption | undefined;
  getToken?: TokenProvider | undefined;
}

/**
 * The store's `headers` option: the widget's headers plus `Authorization: Bearer <token>` from
 * `getToken`. Both are read when a request is made, so `update()` can change them (and tokens
 * can expire) without starting another conversation.
 */
export function requestHeaders(current: () => HeaderSource): () => Promise<Record<string, string>> {
  return async () => {
    const { headers, getToken } = current();
    const base = typeof headers === 'function' ? await headers() : (headers ?? {});
    const token = getToken === undefined ? undefined : await getToken();
    if (token === undefined || token === null || token === '') return { ...base };
    // Drop any differently cased authorization header, so exactly one is sent.
    const rest = Object.fromEntries(
      Object.entries(base).filter(([name]) => name.toLowerCase() !== 'authorization'),
    );
    return { ...rest, Authorization: `Bearer ${token}` };
  };
}
