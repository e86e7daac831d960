import { RUN_ID_HEADER } from '@toolstream/core';
import {
  type CorsOptions,
  corsHeaders,
  createMemoryRunStore,
  createRunHandler,
  type RunHandler,
  type RunLogEvent,
  type RunStore,
  type RunWriter,
} from '@toolstream/server';
import { isFrame, type Scenario } from '../scenario/format.js';
import {
  builtinScenarios,
  createScenarioLibrary,
  type ScenarioEntry,
  type ScenarioLibrary,
} from '../scenario/library.js';
import { type Clock, sleepOn, systemClock } from './clock.js';
import { fillSection, pickContinuation } from './continuation-section.js';
import { controlledBody } from './controlled-body.js';
import { directReplay } from './direct-replay.js';
import {
  type ConnectionFaults,
  createFaultBudget,
  FAULT_HEADER,
  FAULT_TIMES_HEADER,
  faultResponse,
  type PlainResponse,
  parseFaults,
  RETRY_AFTER_HEADER,
} from './faults.js';
import { LiveConnections } from './live-connections.js';
import { createAskTracker } from './scenario-asks.js';
import { playScenario } from './scenario-player.js';
import { encodeRetry } from './sse-encode.js';

/** The default path runs are started on. */
export const DEFAULT_BASE_PATH = '/api/chat/stream';
/** The scenario played when a request names none and no keyword matches. */
export const DEFAULT_SCENARIO = 'subagent-delegation';

/** Something that happened to a run of the mock, for logs and tests. */
export interface RunLogEntry {
  /** `start`ed, re-`attach`ed, `finish`ed, `fail`ed, or `cancel`led (a `DELETE`, or a client gone with `resume: false`). */
  type: 'start' | 'attach' | 'finish' | 'fail' | 'cancel';
  runId: string;
  /** The scenario, when this instance started the run. */
  scenario?: string;
  /** `attach`: `after <id>`; `cancel`: `delete` or `client-closed`. */
  reason?: string;
}

/** Receives every {@link RunLogEntry}. */
export type RunLogger = (entry: RunLogEntry) => void;

/** Options of the mock backend, shared by `createHandlers`, `createFetchHandler` and `createMockServer`. */
export interface MockBackendOptions {
  /** The scenarios to serve. Default: the built-in library. */
  scenarios?: ScenarioLibrary | Iterable<ScenarioEntry>;
  /** Played when a request names no scenario and no keyword matches. Default `subagent-delegation`. */
  defaultScenario?: string;
  /** Where runs are started. Default `/api/chat/stream`. */
  basePath?: string;
  /** Speed factor: delays are divided by it (`2` plays twice as fast; `Infinity` at once). Default 1. */
  speed?: number;
  /**
   * Named runs (default `true`): a POST answers with `X-Run-Id`, and a run goes on when its client
   * leaves. `false` models a backend without run ids: a closed connection cancels the run at once.
   */
  resume?: boolean;
  /** How long a finished run is kept for re-attaching. Default 30 000 ms. Ignored when `store` is given. */
  graceMs?: number;
  /**
   * Where runs live (`@toolstream/server`'s memory store by default). A Redis store
   * (`@toolstream/server/redis`) shared by several mock servers lets each re-attach and cancel the
   * others' runs.
   */
  store?: RunStore;
  /** Extra wait before each response starts (time to first byte), in ms, not scaled by `speed`. Default 0. */
  latencyMs?: number;
  /** Sent as the SSE `retry:` field at the start of each stream, when set. */
  retryMs?: number;
  /** Told about every start, attach, finish, failure and cancel. */
  logger?: RunLogger;
  /** Timers of the replays (replace them in tests). */
  clock?: Clock;
}

/** What the host serving a request can do to its connection. */
export interface ConnectionControl {
  /**
   * Breaks the connection as a crashed server would, after the bytes already written are sent
   * (a Node server ends the socket without the chunked terminator). Without it, a drop errors the
   * response body.
   */
  breakConnection?(): void;
}

/** The mock backend: a Web-standard handler over `@toolstream/server`, and what is behind it. */
export interface MockBackend {
  /** Answers one request. */
  handle(request: Request, connection?: ConnectionControl): Promise<Response>;
  /** The run handler the scenarios play on. */
  readonly server: RunHandler;
  readonly library: ScenarioLibrary;
  readonly basePath: string;
  /** Whether a path is one the backend serves (`basePath` or `basePath/<runId>`). */
  matches(pathname: string): boolean;
  /** Ends the runs this backend plays (clients get an error they can retry). */
  close(): Promise<void>;
}

/** What the run handler takes from a request: the scenario it asked for. */
interface MockTurn {
  scenario: Scenario;
  message: string;
}

/**
 * The mock backend: scenarios replayed as runs of `@toolstream/server` — the same run convention
 * (`X-Run-Id`, re-attach with `GET <base>/<runId>` and `Last-Event-ID`, `DELETE`) as a real
 * backend built on it, in memory or on Redis — plus what a mock adds in front: the scenario
 * choice, fault switches, scripted disconnects, latency, and direct EventSource replays.
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  const library = toLibrary(options.scenarios);
  const basePath = normalizeBase(options.basePath ?? DEFAULT_BASE_PATH);
  const defaultScenario = options.defaultScenario ?? DEFAULT_SCENARIO;
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`toolstream mock: speed must be > 0 (got ${speed})`);
  const clock = options.clock ?? systemClock;
  const latencyMs = options.latencyMs ?? 0;
  const logger = options.logger ?? (() => {});
  const faultBudget = createFaultBudget();
  const live = new LiveConnections();
  // Which run a POST started (its X-Run-Id is not sent when runs are not resumable).
  const runOfRequest = new WeakMap<Request, string>();
  // The scenario of each run started here while it runs, for the log's lines.
  const scenarioOf = new Map<string, string>();
  let directReplays = 0;
  const cors: CorsOptions = {
    origin: true,
    credentials: true,
    allowHeaders: [FAULT_HEADER, FAULT_TIMES_HEADER, RETRY_AFTER_HEADER],
  };

  const server = createRunHandler<MockTurn>({
    // A scenario is played whole, at any speed (tests use Infinity): faster than its reader reads,
    // a run longer than the store's default 10,000 frames (long-run, an exported recording) lost
    // its first frames before they were read, and the reader got 410. A mock keeps its runs whole.
    store:
      options.store ??
      createMemoryRunStore({
        retentionMs: options.graceMs ?? 30_000,
        maxFramesPerRun: Number.POSITIVE_INFINITY,
        maxBytesPerRun: Number.POSITIVE_INFINITY,
      }),
    basePath,
    resumable: options.resume ?? true,
    cors,
    ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
    parseBody(body, request) {
      const url = new URL(request.url);
      const named = body.scenario ?? url.searchParams.get('scenario');
      const message = typeof body.message === 'string' ? body.message : '';
      return { scenario: choose(named, message), message };
    },
    async start({ body, run, writer, signal, request, continuation }) {
      runOfRequest.set(request, run.id);
      // A continuation plays the section of the scenario that asked which its answers match.
      const scenario =
        continuation === null ? body.scenario : (scenarioNamed(continuation.state) ?? body.scenario);
      scenarioOf.set(run.id, scenario.header.name);
      logger({ type: 'start', runId: run.id, scenario: scenario.header.name });
      let played = scenario;
      if (continuation !== null) {
        const section = pickContinuation(scenario, continuation.answers);
        if (section === null) {
          writer.error(`The scenario ${scenario.header.name} has nothing to play for these answers.`, {
            code: 'mock-no-continuation',
          });
          return;
        }
        played = { header: scenario.header, steps: fillSection(section.steps, continuation.answers) };
      }
      const keepAsks = asksKeeper(scenario, continuation !== null, writer);
      // The run numbers its frames 1, 2, 3…: the count written is the id of the last one.
      let written = 0;
      await playScenario(
        played,
        {
          frame: (frame) => {
            written++;
            writer.frame(
              frame.event === undefined ? { data: frame.data } : { event: frame.event, data: frame.data },
            );
            keepAsks(frame.data);
          },
          // Each connection breaks once the frames written before this point have reached it.
          disconnect: () => live.dropAll(run.id, written),
        },
        { speed, clock, signal },
      );
    },
    logger: (event) => {
      const entry = logEntry(event);
      if (entry === null) return;
      const scenario = scenarioOf.get(entry.runId);
      if (scenario !== undefined) entry.scenario = scenario;
      if (entry.type !== 'attach') scenarioOf.delete(entry.runId);
      logger(entry);
    },
  });

  /** The scenario a continuation goes on with: the one its run played (kept with its asks). */
  const scenarioNamed = (state: unknown): Scenario | null => {
    const name =
      typeof state === 'object' && state !== null ? (state as { scenario?: unknown }).scenario : null;
    return typeof name === 'string' && library.has(name) ? (library.get(name) ?? null) : null;
  };

  /**
   * Records the calls a played frame asks about, as a backend on `@toolstream/server` does when
   * its agent asks — with the scenario's name kept beside them for the continuation. Nothing is
   * kept for a scenario that `forgetAsks`, or one not in the primary protocol.
   */
  const asksKeeper = (scenario: Scenario, continuing: boolean, writer: RunWriter) => {
    if (scenario.header.forgetAsks === true || scenario.header.protocol !== 'chat-message-response')
      return () => {};
    const tracker = createAskTracker();
    // A continuation's frames may ask inside a delegation the first run opened.
    if (continuing) for (const step of scenario.steps) if (isFrame(step)) tracker.see(step.data);
    return (data: string) => {
      const asked = tracker.see(data);
      for (const call of asked) writer.awaiting(call);
      if (asked.length > 0) writer.checkpoint({ scenario: scenario.header.name });
    };
  };

  /** The scenario named, else a keyword in the message, else the default; an unknown name throws (400). */
  const choose = (named: unknown, message: string): Scenario => {
    const name =
      typeof named === 'string' && named !== ''
        ? named
        : (library.match(message) ?? (library.has(defaultScenario) ? defaultScenario : library.names()[0]));
    const scenario = name === undefined ? undefined : library.get(name);
    if (scenario === undefined) {
      throw new Error(
        `Unknown scenario ${JSON.stringify(name ?? '')}. Available: ${library.names().join(', ')}.`,
      );
    }
    return scenario;
  };

  const routeOf = (pathname: string): 'base' | 'run' | null => {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (path === basePath) return 'base';
    if (!path.startsWith(`${basePath}/`)) return null;
    const rest = path.slice(basePath.length + 1);
    return rest === '' || rest.includes('/') ? null : 'run';
  };

  const plain = (request: Request, answer: PlainResponse): Response =>
    new Response(answer.body === '' ? null : answer.body, {
      status: answer.status,
      headers: { ...corsHeaders(cors, request, false), ...answer.headers },
    });

  const refuse = (request: Request, status: number, message: string): Response =>
    plain(request, {
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { message } }),
    });

  async function handle(request: Request, control: ConnectionControl = {}): Promise<Response> {
    const url = new URL(request.url);
    const route = routeOf(url.pathname);
    const method = request.method.toUpperCase();
    if (route === null || method === 'OPTIONS' || method === 'DELETE') return server(request);
    if (route === 'base' && method !== 'GET' && method !== 'POST') {
      const answer = refuse(request, 405, `${method} is not supported here.`);
      answer.headers.set('allow', 'GET, POST, OPTIONS');
      return answer;
    }

    const parsed = parseFaults(url, (name) => request.headers.get(name));
    if (parsed.faults === null) return refuse(request, 400, parsed.error);
    const faults = faultBudget(parsed.faults);
    const refused = faultResponse(faults);
    if (refused !== null) return plain(request, refused);
    const connection: ConnectionFaults = {};
    if (faults.dropAfter !== undefined) connection.dropAfter = faults.dropAfter;
    if (faults.stallAfter !== undefined) connection.stallAfter = faults.stallAfter;
    if (latencyMs > 0 && !(await sleepOn(clock, latencyMs, request.signal))) {
      return refuse(request, 499, 'The client went away.');
    }

    if (route === 'base' && method === 'GET') return direct(request, url, connection, control);
    const response = await server(request);
    if (response.status !== 200 || response.body === null) return response;
    const runId = response.headers.get(RUN_ID_HEADER) ?? runOfRequest.get(request) ?? null;
    const body = controlledBody(response.body, connection, control.breakConnection);
    if (runId !== null) {
      const remove = live.add(runId, (afterId) => body.drop(afterId));
      void body.closed.then(remove);
    }
    return new Response(body.stream, { status: response.status, headers: response.headers });
  }

  /** `GET <base>?scenario=…&message=…`: one connection's replay, resumed after `Last-Event-ID`. */
  function direct(
    request: Request,
    url: URL,
    connection: ConnectionFaults,
    control: ConnectionControl,
  ): Response {
    let scenario: Scenario;
    try {
      scenario = choose(url.searchParams.get('scenario'), url.searchParams.get('message') ?? '');
    } catch (error) {
      return refuse(request, 400, (error as Error).message);
    }
    let drop = (_afterId: number | undefined) => {};
    // Not a run (nothing is kept), but logged like one, so a log shows EventSource clients too.
    const id = `direct_${++directReplays}`;
    const name = scenario.header.name;
    logger({ type: 'start', runId: id, scenario: name });
    const replay = directReplay(scenario, {
      speed,
      clock,
      startAfterId: request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'),
      preamble: options.retryMs === undefined ? ':\n\n' : encodeRetry(options.retryMs),
      onDisconnect: (afterId) => drop(afterId),
      onEnd: (how) =>
        logger(
          how === 'finished'
            ? { type: 'finish', runId: id, scenario: name }
            : { type: 'cancel', runId: id, scenario: name, reason: 'client-closed' },
        ),
    });
    const body = controlledBody(replay, connection, control.breakConnection);
    drop = (afterId) => body.drop(afterId);
    request.signal.addEventListener('abort', () => void body.stream.cancel().catch(() => {}), { once: true });
    return new Response(body.stream, {
      status: 200,
      headers: {
        ...corsHeaders(cors, request, false),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
      },
    });
  }

  return {
    handle,
    server,
    library,
    basePath,
    matches: (pathname) => routeOf(pathname) !== null,
    close: () => server.close(),
  };
}

function logEntry(event: RunLogEvent): RunLogEntry | null {
  if (event.runId === null) return null;
  switch (event.type) {
    case 'attach':
      return { type: 'attach', runId: event.runId, reason: event.detail ?? '' };
    case 'cancel':
      return { type: 'cancel', runId: event.runId, reason: event.detail ?? 'delete' };
    case 'end':
      if (event.detail === 'done') return { type: 'finish', runId: event.runId };
      if (event.detail === 'failed') return { type: 'fail', runId: event.runId };
      return null; // cancelled: logged when it was cancelled
    default:
      return null; // start is logged with its scenario; refusals answer the client
  }
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
