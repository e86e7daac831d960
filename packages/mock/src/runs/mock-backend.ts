import { RUN_ID_HEADER } from '@toolstream/core';
import type { Scenario } from '../scenario/format.js';
import {
  builtinScenarios,
  createScenarioLibrary,
  type ScenarioEntry,
  type ScenarioLibrary,
} from '../scenario/library.js';
import { corsHeaders } from './cors.js';
import {
  type ConnectionFaults,
  createFaultBudget,
  faultResponse,
  jsonError,
  type PlainResponse,
  parseFaults,
} from './faults.js';
import type { RunSink } from './run.js';
import { RunRegistry, type RunRegistryOptions } from './run-registry.js';
import { encodeRetry } from './sse-encode.js';

/** The default path runs are started on. */
export const DEFAULT_BASE_PATH = '/api/chat/stream';
/** The scenario played when a request names none and no keyword matches. */
export const DEFAULT_SCENARIO = 'subagent-delegation';

/** Options of the mock backend, shared by `createHandlers` and `createMockServer`. */
export interface MockBackendOptions extends RunRegistryOptions {
  /** The scenarios to serve. Default: the built-in library. */
  scenarios?: ScenarioLibrary | Iterable<ScenarioEntry>;
  /** Played when a request names no scenario and no keyword matches. Default `subagent-delegation`. */
  defaultScenario?: string;
  /** Where runs are started. Default `/api/chat/stream`. */
  basePath?: string;
  /** Extra wait before each response starts (time to first byte), in ms, not scaled by `speed`. Default 0. */
  latencyMs?: number;
  /** Sent as the SSE `retry:` field at the start of each stream, when set. */
  retryMs?: number;
  /** A registry of your own (to inspect runs in tests); otherwise one is made from these options. */
  registry?: RunRegistry;
}

/** A request, as any transport can describe it. */
export interface MockRequest {
  method: string;
  url: URL;
  header(name: string): string | null;
  /** The body as text (read only for POST). */
  text(): Promise<string>;
  /** Aborts when the client goes away before the answer starts. */
  signal?: AbortSignal;
}

/** An answer that starts a stream: headers, then the transport attaches its sink. */
export interface StreamAnswer {
  kind: 'stream';
  status: 200;
  headers: Record<string, string>;
  /** Written before any frame (`retry:`), or `''`. */
  preamble: string;
  runId: string;
  /** Attaches the connection; returns the function to call when the client goes away. */
  attach(sink: RunSink): () => void;
}

/** What the backend answers. */
export type MockAnswer = ({ kind: 'plain' } & PlainResponse) | StreamAnswer;

/** The transport-independent mock backend. */
export interface MockBackend {
  readonly registry: RunRegistry;
  readonly library: ScenarioLibrary;
  readonly basePath: string;
  /** Whether a path is one the backend serves (`basePath` or `basePath/<runId>`). */
  matches(pathname: string): boolean;
  handle(request: MockRequest): Promise<MockAnswer>;
}

const SSE_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // Proxies (nginx) must not buffer an event stream.
  'x-accel-buffering': 'no',
};

/**
 * Creates the mock backend both transports share: routing, scenario choice, fault switches,
 * CORS, and the run convention (`X-Run-Id`, re-attach with `GET <base>/<runId>` and
 * `Last-Event-ID`, cancel with `DELETE <base>/<runId>`).
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  const registry = options.registry ?? new RunRegistry(options);
  const library = toLibrary(options.scenarios);
  const basePath = normalizeBase(options.basePath ?? DEFAULT_BASE_PATH);
  const defaultScenario = options.defaultScenario ?? DEFAULT_SCENARIO;
  const latencyMs = options.latencyMs ?? 0;
  const preamble = options.retryMs === undefined ? '' : encodeRetry(options.retryMs);
  const faultBudget = createFaultBudget();

  const runIdOf = (pathname: string): string | null | undefined => {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (path === basePath) return null;
    if (!path.startsWith(`${basePath}/`)) return undefined;
    const rest = path.slice(basePath.length + 1);
    return rest === '' || rest.includes('/') ? undefined : decodeURIComponent(rest);
  };

  const plain = (request: MockRequest, response: PlainResponse): MockAnswer => ({
    kind: 'plain',
    ...response,
    headers: { ...corsHeaders(request.header, false), ...response.headers },
  });

  const stream = (
    request: MockRequest,
    scenario: Scenario,
    mode: { detachable: boolean; startAfterId: string | null },
    faults: ConnectionFaults,
  ): StreamAnswer => {
    const run = registry.start(scenario, mode);
    const headers: Record<string, string> = { ...corsHeaders(request.header, false), ...SSE_HEADERS };
    if (run.detachable) headers[RUN_ID_HEADER] = run.id;
    return {
      kind: 'stream',
      status: 200,
      headers,
      preamble,
      runId: run.id,
      attach: (sink) => registry.attach(run, sink, { faults }),
    };
  };

  /** Picks the scenario: named explicitly, else a keyword in the message, else the default. */
  const choose = (request: MockRequest, named: unknown, message: string): Scenario | MockAnswer => {
    const name =
      typeof named === 'string' && named !== ''
        ? named
        : (library.match(message) ?? (library.has(defaultScenario) ? defaultScenario : library.names()[0]));
    const scenario = name === undefined ? undefined : library.get(name);
    if (scenario === undefined) {
      return plain(
        request,
        jsonError(404, `Unknown scenario ${JSON.stringify(name ?? '')}.`, { available: library.names() }),
      );
    }
    return scenario;
  };

  async function handle(request: MockRequest): Promise<MockAnswer> {
    const method = request.method.toUpperCase();
    const runId = runIdOf(request.url.pathname);
    if (runId === undefined)
      return plain(request, jsonError(404, `No mock route for ${request.url.pathname}.`));
    if (method === 'OPTIONS') {
      return { kind: 'plain', status: 204, headers: corsHeaders(request.header, true), body: '' };
    }

    if (runId !== null && method === 'DELETE') {
      return registry.cancel(runId, 'delete')
        ? { kind: 'plain', status: 204, headers: corsHeaders(request.header, false), body: '' }
        : plain(request, jsonError(404, `Unknown run ${JSON.stringify(runId)}.`));
    }
    const allowed = runId === null ? ['GET', 'POST'] : ['GET', 'DELETE'];
    if (!allowed.includes(method)) {
      const answer = plain(request, jsonError(405, `${method} is not supported here.`));
      if (answer.kind === 'plain') answer.headers.allow = [...allowed, 'OPTIONS'].join(', ');
      return answer;
    }

    const parsed = parseFaults(request.url, request.header);
    if (parsed.faults === null) return plain(request, jsonError(400, parsed.error));
    const faults = faultBudget(parsed.faults);
    const refused = faultResponse(faults);
    if (refused !== null) return plain(request, refused);
    const connectionFaults: ConnectionFaults = {};
    if (faults.dropAfter !== undefined) connectionFaults.dropAfter = faults.dropAfter;
    if (faults.stallAfter !== undefined) connectionFaults.stallAfter = faults.stallAfter;
    const lastEventId = request.header('last-event-id') ?? request.url.searchParams.get('lastEventId');

    if (runId !== null) {
      const run = registry.get(runId);
      if (run === undefined) {
        return plain(
          request,
          jsonError(404, `Unknown run ${JSON.stringify(runId)}: it ended, was cancelled or was dropped.`),
        );
      }
      const headers: Record<string, string> = { ...corsHeaders(request.header, false), ...SSE_HEADERS };
      headers[RUN_ID_HEADER] = run.id;
      return {
        kind: 'stream',
        status: 200,
        headers,
        preamble,
        runId: run.id,
        attach: (sink) =>
          registry.attach(run, sink, { faults: connectionFaults, lastEventId, reattach: true }),
      };
    }

    let named: unknown;
    let message = '';
    if (method === 'POST') {
      const body = await readJson(request);
      if (body === undefined)
        return plain(
          request,
          jsonError(400, 'The body must be a JSON object like {"message": "…", "scenario": "…"}.'),
        );
      named = body.scenario ?? request.url.searchParams.get('scenario');
      message = typeof body.message === 'string' ? body.message : '';
    } else {
      named = request.url.searchParams.get('scenario');
      message = request.url.searchParams.get('message') ?? '';
    }
    const chosen = choose(request, named, message);
    if ('kind' in chosen) return chosen;
    if (latencyMs > 0 && !(await registry.sleep(latencyMs, request.signal))) {
      return plain(request, jsonError(499, 'The client went away.'));
    }
    return method === 'POST'
      ? stream(request, chosen, { detachable: true, startAfterId: null }, connectionFaults)
      : // A direct GET (EventSource): one connection's replay, resumed after Last-Event-ID.
        stream(request, chosen, { detachable: false, startAfterId: lastEventId }, connectionFaults);
  }

  return {
    registry,
    library,
    basePath,
    matches: (pathname) => runIdOf(pathname) !== undefined,
    handle,
  };
}

function toLibrary(scenarios: MockBackendOptions['scenarios']): ScenarioLibrary {
  if (scenarios === undefined) return builtinScenarios();
  if (isLibrary(scenarios)) return scenarios;
  return createScenarioLibrary(scenarios);
}

function isLibrary(value: unknown): value is ScenarioLibrary {
  return (
    typeof (value as ScenarioLibrary).match === 'function' &&
    typeof (value as ScenarioLibrary).get === 'function'
  );
}

function normalizeBase(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.replace(/\/+$/, '') || '/';
}

async function readJson(request: MockRequest): Promise<Record<string, unknown> | undefined> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
