/** Which origins may call the handler from a browser. */
export interface CorsOptions {
  /**
   * `'*'` (any origin, without credentials), `true` (any origin, echoed, so credentials work),
   * one origin, a list, or a predicate.
   */
  origin: '*' | true | string | readonly string[] | ((origin: string) => boolean);
  /** Allow cookies and `Authorization` (`Access-Control-Allow-Credentials`). Default `false`. */
  credentials?: boolean;
  /** Request headers allowed beyond `content-type`, `last-event-id`, `authorization`, `accept`, `cache-control`. */
  allowHeaders?: readonly string[];
  /** How long a browser may cache a preflight, in seconds. Default 600. */
  maxAgeSeconds?: number;
}

const BASE_HEADERS = ['content-type', 'last-event-id', 'authorization', 'accept', 'cache-control'];

/**
 * CORS headers for an answer to `request`: none when CORS is off or the origin is not allowed.
 * `X-Run-Id` and `Retry-After` are exposed — neither is CORS-safelisted, and without them a
 * client on another origin could not re-attach, nor honour a 429's wait.
 */
export function corsHeaders(
  options: CorsOptions | undefined,
  request: Request,
  preflight: boolean,
): Record<string, string> {
  if (options === undefined) return {};
  const origin = request.headers.get('origin');
  const allowed = allowOrigin(options, origin);
  if (allowed === null) return {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': allowed,
    'access-control-expose-headers': 'X-Run-Id, Retry-After',
  };
  if (allowed !== '*') headers.vary = 'Origin';
  if (options.credentials) headers['access-control-allow-credentials'] = 'true';
  if (preflight) {
    headers['access-control-allow-methods'] = 'GET, POST, DELETE, OPTIONS';
    headers['access-control-allow-headers'] = [...BASE_HEADERS, ...(options.allowHeaders ?? [])].join(', ');
    headers['access-control-max-age'] = String(options.maxAgeSeconds ?? 600);
  }
  return headers;
}

function allowOrigin(options: CorsOptions, origin: string | null): string | null {
  const rule = options.origin;
  if (rule === '*') return options.credentials && origin !== null ? origin : '*';
  if (origin === null) return null;
  if (rule === true) return origin;
  if (typeof rule === 'string') return rule === origin ? origin : null;
  if (typeof rule === 'function') return rule(origin) ? origin : null;
  return rule.includes(origin) ? origin : null;
}
