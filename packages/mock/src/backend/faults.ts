/**
 * Fault switches, chosen per request with the `fault` query parameter (repeatable, or
 * comma-separated) or the `X-Mock-Fault` header:
 *
 * | switch | effect |
 * |---|---|
 * | `drop-after:N` | this connection is dropped (abruptly) after N frames; a named run goes on |
 * | `stall` | the response opens and then nothing is written on this connection |
 * | `stall-after:N` | N frames are written, then nothing more on this connection |
 * | `status:CODE` | answered with HTTP CODE and a JSON error body; no run starts |
 * | `content-type` / `content-type:TYPE` | answered 200 with an HTML (or TYPE) body instead of a stream |
 *
 * `retry-after=SECONDS` (query) or `X-Mock-Retry-After` (header) adds `Retry-After` to a
 * `status:` answer (for 429 and 503).
 *
 * `fault-times=N` (query) or `X-Mock-Fault-Times` (header) limits the faults to the first N
 * requests that carry the same switches (per backend); later ones are served normally. That is
 * how a test shows "500, then Retry works" or "429, then success" against one endpoint URL.
 */
export interface Faults {
  dropAfter?: number;
  stallAfter?: number;
  status?: number;
  retryAfter?: string;
  contentType?: string;
  /** Apply the other faults only to the first `times` requests that carry the same switches. */
  times?: number;
}

/** Faults that act on one connection of a run. */
export type ConnectionFaults = Pick<Faults, 'dropAfter' | 'stallAfter'>;

/** The query parameter and headers that carry faults. */
export const FAULT_PARAM = 'fault';
export const FAULT_HEADER = 'x-mock-fault';
export const RETRY_AFTER_PARAM = 'retry-after';
export const RETRY_AFTER_HEADER = 'x-mock-retry-after';
export const FAULT_TIMES_PARAM = 'fault-times';
export const FAULT_TIMES_HEADER = 'x-mock-fault-times';

const USAGE =
  'Known faults: drop-after:N, stall, stall-after:N, status:CODE (with retry-after=SECONDS), content-type[:TYPE]; fault-times=N limits them to the first N requests.';

/** Reads the fault switches of a request. Returns an error message for an unknown or malformed one. */
export function parseFaults(
  url: URL,
  header: (name: string) => string | null,
): { faults: Faults; error: null } | { faults: null; error: string } {
  const specs = [...url.searchParams.getAll(FAULT_PARAM), header(FAULT_HEADER) ?? '']
    .flatMap((value) => value.split(','))
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  const faults: Faults = {};
  for (const spec of specs) {
    const colon = spec.indexOf(':');
    const name = (colon === -1 ? spec : spec.slice(0, colon)).toLowerCase();
    const arg = colon === -1 ? null : spec.slice(colon + 1).trim();
    const count = arg === null ? Number.NaN : Number(arg);
    const isCount = Number.isInteger(count) && count >= 0;
    switch (name) {
      case 'drop-after':
        if (!isCount) return invalid(spec, 'needs a frame count, e.g. drop-after:5');
        faults.dropAfter = count;
        break;
      case 'stall':
        if (arg !== null) return invalid(spec, 'takes no argument (use stall-after:N)');
        faults.stallAfter = 0;
        break;
      case 'stall-after':
        if (!isCount) return invalid(spec, 'needs a frame count, e.g. stall-after:3');
        faults.stallAfter = count;
        break;
      case 'status':
        if (!(Number.isInteger(count) && count >= 200 && count <= 599)) {
          return invalid(spec, 'needs an HTTP status from 200 to 599, e.g. status:500');
        }
        faults.status = count;
        break;
      case 'content-type':
        faults.contentType = arg === null || arg === '' ? 'text/html; charset=utf-8' : arg;
        break;
      default:
        return invalid(spec, 'is not a fault switch');
    }
  }
  const retryAfter = url.searchParams.get(RETRY_AFTER_PARAM) ?? header(RETRY_AFTER_HEADER);
  if (retryAfter !== null && retryAfter !== '') faults.retryAfter = retryAfter;
  const times = (url.searchParams.get(FAULT_TIMES_PARAM) ?? header(FAULT_TIMES_HEADER) ?? '').trim();
  if (times !== '') {
    const count = Number(times);
    if (!(Number.isInteger(count) && count >= 0)) {
      return {
        faults: null,
        error: `fault-times "${times}" needs a request count, e.g. fault-times=1. ${USAGE}`,
      };
    }
    faults.times = count;
  }
  return { faults, error: null };
}

/**
 * Remembers, per set of switches, how many requests carried them, and applies `fault-times`:
 * returns the faults a request gets (without `times`), or no faults once its budget is spent.
 * One per backend, so separate servers (and separate tests) count separately.
 */
export function createFaultBudget(): (faults: Faults) => Faults {
  const seen = new Map<string, number>();
  return ({ times, ...faults }) => {
    if (times === undefined) return faults;
    // Fixed field order: the same switches give the same key however the request spelled them.
    const key = JSON.stringify([
      faults.dropAfter,
      faults.stallAfter,
      faults.status,
      faults.retryAfter,
      faults.contentType,
    ]);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count <= times ? faults : {};
  };
}

function invalid(spec: string, problem: string): { faults: null; error: string } {
  return { faults: null, error: `Fault "${spec}" ${problem}. ${USAGE}` };
}

/** A plain answer (not a stream) a transport sends as is. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer a `status:` or `content-type` fault asks for, or `null` when the request should stream. */
export function faultResponse(faults: Faults): PlainResponse | null {
  if (faults.status !== undefined && faults.status !== 200) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (faults.retryAfter !== undefined) headers['retry-after'] = faults.retryAfter;
    return {
      status: faults.status,
      headers,
      body: JSON.stringify({ error: { message: `Mock fault: HTTP ${faults.status}.`, code: 'mock_fault' } }),
    };
  }
  if (faults.contentType !== undefined) {
    const html = faults.contentType.startsWith('text/html');
    return {
      status: 200,
      headers: { 'content-type': faults.contentType },
      body: html
        ? '<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>'
        : JSON.stringify({ message: 'Mock fault: this is not an event stream.' }),
    };
  }
  return null;
}
