/** Headers a browser client sends that the mock accepts cross-origin. */
const ALLOWED_HEADERS =
  'accept, authorization, cache-control, content-type, last-event-id, x-mock-fault, x-mock-fault-times, x-mock-retry-after';

/**
 * CORS headers for every answer: any origin (echoed, so credentials work too), `X-Run-Id` and
 * `Retry-After` readable by scripts (neither is CORS-safelisted: without this a browser client
 * on another origin could not re-attach, nor honour a 429's wait), and — for a preflight — the
 * methods and the headers asked for.
 */
export function corsHeaders(
  header: (name: string) => string | null,
  preflight: boolean,
): Record<string, string> {
  const origin = header('origin');
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': 'X-Run-Id, Retry-After',
  };
  if (origin !== null) {
    headers['access-control-allow-credentials'] = 'true';
    headers.vary = 'Origin';
  }
  if (preflight) {
    headers['access-control-allow-methods'] = 'GET, POST, DELETE, OPTIONS';
    headers['access-control-allow-headers'] = header('access-control-request-headers') ?? ALLOWED_HEADERS;
    headers['access-control-max-age'] = '600';
  }
  return headers;
}
