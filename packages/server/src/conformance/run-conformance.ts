import { createBackendClient } from './backend-client.js';
import type { CheckResult } from './check.js';
import { CHECKS } from './checks/index.js';
import { createContext, type RunPurpose } from './conformance-context.js';

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** The URL runs are POSTed to, e.g. `http://localhost:8000/api/chat`; runs live at `<endpoint>/<runId>`. */
  endpoint: string;
  /**
   * Sends the requests. Default: the global `fetch`. Pass your own to reach a Fetch-API handler
   * in-process (`(input, init) => handler(new Request(input, init))`) or to add a proxy.
   */
  fetch?: typeof fetch;
  /**
   * The JSON body of the POST that starts each run; `i` and `purpose` say which run it is
   * (0 `reference`: read whole, then replayed; 1 `cut`: closed midway and re-attached;
   * 2 `cancel`: cancelled as soon as it is named — give it a long run). Default
   * `{ message: DEFAULT_MESSAGE }` for every run.
   */
  body?: (i: number, purpose: RunPurpose) => unknown;
  /** Sent with every request but the CORS preflights (authorization, a tenant…). */
  headers?: Record<string, string>;
  /** The longest a run, or a replay of it, may take to end, in ms. Default 60 000. */
  timeoutMs?: number;
  /**
   * The origin a browser app would call from, for the CORS checks. When given, CORS is
   * required; when not, a made-up origin is used and the CORS checks are skipped if the backend
   * offers no CORS at all.
   */
  origin?: string;
  /** Told about each check as soon as it is judged (for progress output). */
  onCheck?: (result: CheckResult) => void;
}

/** The outcome of a conformance run. */
export interface ConformanceReport {
  /** `true` when no check failed (skipped ones do not count against it). */
  ok: boolean;
  /** Every check, in the order of `CHECK_NAMES`. */
  checks: CheckResult[];
}

/** The message of the POST that starts each run, unless `body` says otherwise. */
export const DEFAULT_MESSAGE =
  'Hello! This is the toolstream conformance suite checking the run convention. Please answer in a few sentences.';
/** The origin of the CORS checks unless one is given: a domain reserved for examples. */
export const DEFAULT_ORIGIN = 'https://conformance.example';
const DEFAULT_TIMEOUT_MS = 60_000;
/** A cancelled run's streams must end this soon after the DELETE is answered (at most the timeout). */
const CANCEL_WITHIN_MS = 5_000;

/**
 * Checks a backend against PROTOCOL.md §2 and §5 over HTTP alone, so a backend in any language
 * can be checked: it starts runs with plain `POST`s, reads them, replays them with and without
 * `Last-Event-ID`, cuts one midway and re-attaches, cancels one with `DELETE`, asks for unknown
 * runs, and sends the CORS preflights a browser would. Never rejects for what the backend does
 * (every wait has a deadline); rejects with a `TypeError` for an endpoint that is not an
 * absolute http(s) URL.
 *
 * @example
 * ```ts
 * const report = await runConformance({ endpoint: 'http://localhost:8000/api/chat' });
 * for (const check of report.checks) if (check.status === 'fail') console.error(check.name, check.detail);
 * ```
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const endpoint = checkedEndpoint(options.endpoint);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be a positive number (got ${timeoutMs}).`);
  const headers = { ...options.headers };
  const client = createBackendClient({
    endpoint,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    headers,
    timeoutMs,
  });
  const body = options.body ?? (() => ({ message: DEFAULT_MESSAGE }));
  const context = createContext(client, {
    body,
    timeoutMs,
    cancelWithinMs: Math.min(timeoutMs, CANCEL_WITHIN_MS),
    origin: options.origin ?? DEFAULT_ORIGIN,
    originGiven: options.origin !== undefined,
    headerNames: Object.keys(headers).map((name) => name.toLowerCase()),
  });

  const checks: CheckResult[] = [];
  for (const check of CHECKS) {
    let result: CheckResult;
    try {
      result = { name: check.name, title: check.title, ...(await check.run(context)) };
    } catch (cause) {
      // A bug of the suite's, not the backend's: reported, and the other checks still run.
      const message = cause instanceof Error ? cause.message : String(cause);
      result = {
        name: check.name,
        title: check.title,
        status: 'fail',
        detail: `The check itself failed: ${message}`,
      };
    }
    checks.push(result);
    options.onCheck?.(result);
  }
  return { ok: checks.every((check) => check.status !== 'fail'), checks };
}

function checkedEndpoint(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TypeError(`The endpoint must be an absolute http(s) URL (got ${JSON.stringify(endpoint)}).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The endpoint must be an http(s) URL (got ${JSON.stringify(endpoint)}).`);
  }
  return endpoint;
}
