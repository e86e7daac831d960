import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES, type CheckName, type ConformanceReport, runConformance } from './index.js';

/**
 * A small backend of the run convention, written from PROTOCOL.md §5 alone, with one switch per
 * way to get a rule wrong. Each switch breaks exactly one rule, so exactly one check must fail.
 */
type Breakage =
  | 'none'
  | 'no-cors'
  | 'post-without-run-id'
  | 'post-wrong-content-type'
  | 'post-stays-open'
  | 'event-without-id'
  | 'duplicate-id'
  | 'decreasing-id'
  | 'invalid-frame'
  | 'replay-skips-first'
  | 'finished-replay-ignores-last-event-id'
  | 'finished-replay-skips-one'
  | 'run-dies-with-request'
  | 'reattach-restarts-run'
  | 'unknown-run-200'
  | 'delete-does-not-stop'
  | 'delete-closes-only-post'
  | 'unknown-delete-204'
  | 'preflight-post-refused'
  | 'preflight-without-last-event-id'
  | 'preflight-without-delete'
  | 'no-expose';

interface Frame {
  id?: string;
  event?: string;
  data: string;
}

interface Listener {
  res: ServerResponse;
  next: number;
  post: boolean;
}

interface LoopbackRun {
  frames: Frame[];
  produced: number;
  status: 'running' | 'finished';
  listeners: Set<Listener>;
  timer: NodeJS.Timeout | null;
  /** Whether a GET has attached to the run. */
  reattached: boolean;
  /** Set while the run waits for a re-attach before its last frame. */
  release: (() => void) | null;
}

const BASE = '/api/chat';
const FRAME_INTERVAL_MS = 5;
/** The length of a run unless its body asks for another. */
const RUN_LENGTH = 12;

/** A run of `length` frames: text, one tool call in two phases, and `event: done`, with ids 1…length. */
function framesOf(length: number, breakage: Breakage): Frame[] {
  const frames: Frame[] = [];
  for (let i = 1; i < length; i++) {
    const toolCalls =
      i === 3 || i === 5
        ? [
            {
              call_id: 'call_1',
              event_type: i === 3 ? 'call' : 'result',
              tool_name: 'search',
              tool_response: i === 3 ? '' : '3 results',
              tool_call_details: {},
            },
          ]
        : [];
    frames.push({
      id: String(i),
      data: JSON.stringify({
        message: toolCalls.length > 0 ? '' : `word${i} `,
        citations: [],
        tool_calls: toolCalls,
      }),
    });
  }
  frames.push({ id: String(length), event: 'done', data: '' });
  if (breakage === 'event-without-id') delete frames[1]!.id;
  if (breakage === 'duplicate-id') frames[2]!.id = frames[1]!.id;
  if (breakage === 'decreasing-id') [frames[3]!.id, frames[4]!.id] = [frames[4]!.id, frames[3]!.id];
  if (breakage === 'invalid-frame') frames[1]!.data = '{"message": "unterminated';
  return frames;
}

function encode(frame: Frame): string {
  return `${frame.id === undefined ? '' : `id: ${frame.id}\n`}${frame.event === undefined ? '' : `event: ${frame.event}\n`}data: ${frame.data}\n\n`;
}

async function startBackend(breakage: Breakage): Promise<{ endpoint: string; close(): Promise<void> }> {
  const runs = new Map<string, LoopbackRun>();

  const cors = (req: IncomingMessage): Record<string, string> => {
    if (breakage === 'no-cors' || req.headers.origin === undefined) return {};
    const headers: Record<string, string> = { 'access-control-allow-origin': req.headers.origin };
    if (breakage !== 'no-expose') headers['access-control-expose-headers'] = 'X-Run-Id';
    return headers;
  };

  const pump = (run: LoopbackRun, listener: Listener) => {
    while (listener.next < run.produced) listener.res.write(encode(run.frames[listener.next++]!));
    if (run.status === 'finished' && !(breakage === 'post-stays-open' && listener.post)) {
      run.listeners.delete(listener);
      listener.res.end();
    }
  };

  const stop = (run: LoopbackRun) => {
    if (run.timer !== null) clearTimeout(run.timer);
    run.timer = null;
    run.release = null;
    run.status = 'finished';
    for (const listener of run.listeners) listener.res.end();
    run.listeners.clear();
  };

  const produce = (run: LoopbackRun, hold: boolean) => {
    run.timer = null;
    if (hold && run.produced === run.frames.length - 1 && !run.reattached) {
      // A slow last step: the run is still going when the suite re-attaches.
      const timeout = setTimeout(() => run.release?.(), 5_000);
      run.release = () => {
        clearTimeout(timeout);
        run.release = null;
        run.timer = setTimeout(() => produce(run, false), FRAME_INTERVAL_MS);
      };
      return;
    }
    run.produced++;
    if (run.produced === run.frames.length) run.status = 'finished';
    for (const listener of [...run.listeners]) pump(run, listener);
    if (run.status === 'running') run.timer = setTimeout(() => produce(run, hold), FRAME_INTERVAL_MS);
  };

  const openStream = (req: IncomingMessage, res: ServerResponse, runId: string, post: boolean) => {
    const headers: Record<string, string> = {
      ...cors(req),
      'content-type': post && breakage === 'post-wrong-content-type' ? 'text/plain' : 'text/event-stream',
      'cache-control': 'no-cache',
    };
    if (!(post && breakage === 'post-without-run-id')) headers['x-run-id'] = runId;
    res.writeHead(200, headers);
    res.flushHeaders();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const runId = path.startsWith(`${BASE}/`) ? decodeURIComponent(path.slice(BASE.length + 1)) : null;
    if (path !== BASE && runId === null) return void res.writeHead(404).end();

    if (req.method === 'OPTIONS') {
      if (breakage === 'no-cors' || (breakage === 'preflight-post-refused' && runId === null)) {
        return void res.writeHead(404).end();
      }
      return void res
        .writeHead(204, {
          ...cors(req),
          'access-control-allow-methods':
            breakage === 'preflight-without-delete' ? 'GET, POST' : 'GET, POST, DELETE',
          'access-control-allow-headers':
            breakage === 'preflight-without-last-event-id' ? 'content-type' : 'content-type, last-event-id',
        })
        .end();
    }

    if (runId === null && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += chunk;
      const body = JSON.parse(text) as { frames?: number; hold?: boolean };
      const id = randomUUID();
      const run: LoopbackRun = {
        frames: framesOf(body.frames ?? RUN_LENGTH, breakage),
        produced: 0,
        status: 'running',
        listeners: new Set(),
        timer: null,
        reattached: false,
        release: null,
      };
      runs.set(id, run);
      openStream(req, res, id, true);
      const listener: Listener = { res, next: 0, post: true };
      run.listeners.add(listener);
      res.on('close', () => {
        run.listeners.delete(listener);
        if (breakage === 'run-dies-with-request' && run.status === 'running') {
          stop(run);
          runs.delete(id);
        }
      });
      run.timer = setTimeout(() => produce(run, body.hold === true), FRAME_INTERVAL_MS);
      return;
    }

    const run = runId === null ? undefined : runs.get(runId);
    if (runId === null || (req.method !== 'GET' && req.method !== 'DELETE'))
      return void res.writeHead(405).end();
    if (run === undefined) {
      const unknown =
        req.method === 'GET' ? breakage === 'unknown-run-200' : breakage === 'unknown-delete-204';
      if (!unknown) return void res.writeHead(404, cors(req)).end();
      if (req.method === 'DELETE') return void res.writeHead(204, cors(req)).end();
      openStream(req, res, runId, false);
      return void res.end();
    }

    if (req.method === 'DELETE') {
      if (breakage === 'delete-closes-only-post') {
        for (const listener of [...run.listeners]) {
          if (!listener.post) continue;
          run.listeners.delete(listener);
          listener.res.end();
        }
      } else if (breakage !== 'delete-does-not-stop') {
        stop(run);
        runs.delete(runId);
      }
      return void res.writeHead(204, cors(req)).end();
    }

    const lastEventId = req.headers['last-event-id'];
    const after = lastEventId === undefined ? -1 : run.frames.findIndex((frame) => frame.id === lastEventId);
    let next = after + 1;
    const finished = run.status === 'finished';
    if (lastEventId === undefined && breakage === 'replay-skips-first') next = 1;
    if (lastEventId !== undefined && finished && breakage === 'finished-replay-ignores-last-event-id')
      next = 0;
    if (lastEventId !== undefined && finished && breakage === 'finished-replay-skips-one') next++;
    if (lastEventId !== undefined && !finished && breakage === 'reattach-restarts-run') next = 0;
    openStream(req, res, runId, false);
    const listener: Listener = { res, next: Math.min(next, run.produced), post: false };
    if (next > run.produced) listener.next = run.produced; // nothing produced yet to skip
    run.listeners.add(listener);
    res.on('close', () => run.listeners.delete(listener));
    pump(run, listener);
    run.reattached = true;
    run.release?.();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}${BASE}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const run of runs.values()) stop(run);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const backends: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

/** The suite against a loopback backend broken in one way, with a long run to cancel and a held one to cut. */
async function check(breakage: Breakage, options: { origin?: string } = {}): Promise<ConformanceReport> {
  const backend = await startBackend(breakage);
  backends.push(backend);
  return runConformance({
    endpoint: backend.endpoint,
    timeoutMs: 3_000,
    body: (_i, purpose) =>
      purpose === 'cancel'
        ? { message: 'Cancel me', frames: 2_000 }
        : purpose === 'cut'
          ? { message: 'Cut me', hold: true }
          : { message: 'Hello' },
    ...options,
  });
}

const failing = (report: ConformanceReport) =>
  report.checks.filter((check) => check.status === 'fail').map((check) => check.name);
const detailOf = (report: ConformanceReport, name: CheckName) =>
  report.checks.find((check) => check.name === name)?.detail ?? '';

// A broken backend can cost a whole timeout (3 s) or two; the machine may be busy.
describe('runConformance against loopback backends', { timeout: 20_000 }, () => {
  it('passes every check of a backend that keeps every rule', async () => {
    const report = await check('none');
    expect(report.checks.map((check) => [check.name, check.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'pass']),
    );
    expect(report.ok).toBe(true);
  });

  it('skips the CORS checks of a backend that offers no CORS, and says so', async () => {
    const report = await check('no-cors');
    const cors = report.checks.filter((check) => check.name.startsWith('cors-'));
    expect(cors.map((check) => check.status)).toEqual(['skip', 'skip', 'skip', 'skip']);
    expect(cors[0]!.detail).toMatch(
      /offers no CORS: OPTIONS http:\/\/127\.0\.0\.1:\d+\/api\/chat .* answered 404/,
    );
    expect(cors[0]!.detail).toContain('--origin');
    expect(report.ok).toBe(true);
  });

  it('requires CORS when the origin is named', async () => {
    const report = await check('no-cors', { origin: 'https://app.example' });
    expect(failing(report)).toEqual([
      'cors-preflight-post',
      'cors-preflight-get',
      'cors-preflight-delete',
      'cors-expose-run-id',
    ]);
    expect(detailOf(report, 'cors-preflight-get')).toMatch(
      /Origin: https:\/\/app\.example, Access-Control-Request-Method: GET, Access-Control-Request-Headers: last-event-id\) answered 404.*the status is 404, not 2xx; there is no Access-Control-Allow-Origin/,
    );
  });

  const cases: { breakage: Breakage; fails: CheckName; detail: RegExp }[] = [
    {
      breakage: 'post-without-run-id',
      fails: 'post-starts-run',
      detail: /there is no X-Run-Id header.*§5 rule 1/,
    },
    {
      breakage: 'post-wrong-content-type',
      fails: 'post-starts-run',
      detail: /answered 200 text\/plain.*the content-type is text\/plain, not text\/event-stream/,
    },
    {
      breakage: 'post-stays-open',
      fails: 'stream-ends',
      detail:
        /12 events \(ids 1, 2, 3, 4, …, 10, 11, 12\), and the stream was still open after \d+ ms \(the last id 12\)/,
    },
    { breakage: 'event-without-id', fails: 'event-ids', detail: /event 2 of 12 has no id.*§5 rule 2/ },
    { breakage: 'duplicate-id', fails: 'event-ids', detail: /id 2 is used by events 2 and 3/ },
    { breakage: 'decreasing-id', fails: 'event-ids', detail: /id 4 \(event 5\) follows id 5 \(event 4\)/ },
    {
      breakage: 'invalid-frame',
      fails: 'frames-valid',
      detail:
        /1 protocol error \(read as chat-message-response\): frame is not valid JSON: \{"message": "unterminated/,
    },
    {
      breakage: 'replay-skips-first',
      fails: 'replay-from-start',
      detail:
        /answered 200 text\/event-stream: 11 events.*event 1 is id 2 .*which belongs later \(a gap: id 1 .*is missing\); expected id 1/,
    },
    {
      breakage: 'finished-replay-ignores-last-event-id',
      fails: 'replay-after-id',
      detail:
        /3 of 3 re-attaches .* after id 1: GET .* \(Last-Event-ID: 1\) answered ids 1, 2, .*event 1 is id 1 .*which the client already had \(a duplicate\); expected id 2/,
    },
    {
      breakage: 'finished-replay-skips-one',
      fails: 'replay-after-id',
      detail:
        /after id 1: .*event 1 is id 3 .*which belongs later \(a gap: id 2 .*is missing\); expected id 2/,
    },
    {
      breakage: 'run-dies-with-request',
      fails: 'resume-after-cut',
      detail:
        /closed after 6 events \(the last id 6\); .*answered 404.*a run goes on when its client goes away/,
    },
    {
      breakage: 'reattach-restarts-run',
      fails: 'resume-after-cut',
      detail: /\(Last-Event-ID: 6\) answered .*: it began again with the run's first event, id 1 /,
    },
    {
      breakage: 'unknown-run-200',
      fails: 'unknown-run-get',
      detail:
        /GET .*\/api\/chat\/conformance-unknown-[0-9a-f-]+ answered 200 text\/event-stream: 0 events.*404 \(or 410\)/,
    },
    {
      breakage: 'delete-does-not-stop',
      fails: 'delete-ends-run',
      detail:
        /answered 204, but the POST stream was still open 3000 ms later, with \d+ more events: the run went on/,
    },
    {
      breakage: 'delete-closes-only-post',
      fails: 'delete-ends-run',
      detail:
        /answered 204 and the POST stream ended, but GET .* after it answered 200 .*still open after \d+ ms: the run went on/,
    },
    {
      breakage: 'unknown-delete-204',
      fails: 'unknown-run-delete',
      detail: /DELETE .*conformance-unknown-[0-9a-f-]+ answered 204.*§5 rule 4: DELETE answers 404/,
    },
    {
      breakage: 'preflight-post-refused',
      fails: 'cors-preflight-post',
      detail:
        /OPTIONS .*\/api\/chat \(Origin: https:\/\/conformance\.example, Access-Control-Request-Method: POST, Access-Control-Request-Headers: content-type\) answered 404.*there is no Access-Control-Allow-Origin/,
    },
    {
      breakage: 'preflight-without-last-event-id',
      fails: 'cors-preflight-get',
      detail: /Access-Control-Allow-Headers \(content-type\) lacks last-event-id/,
    },
    {
      breakage: 'preflight-without-delete',
      fails: 'cors-preflight-delete',
      detail: /Access-Control-Allow-Methods \(GET, POST\) lacks DELETE/,
    },
    {
      breakage: 'no-expose',
      fails: 'cors-expose-run-id',
      detail: /Access-Control-Expose-Headers \(missing\) lacks X-Run-Id.*§5 rule 1/,
    },
  ];

  it('has a broken backend for every check', () => {
    expect(new Set(cases.map((c) => c.fails))).toEqual(new Set(CHECK_NAMES));
  });

  it.each(cases)('$breakage: fails $fails, and only it', async ({ breakage, fails, detail }) => {
    const report = await check(breakage);
    expect(failing(report)).toEqual([fails]);
    expect(detailOf(report, fails)).toMatch(detail);
    expect(report.ok).toBe(false);
  });

  it('judges every check within its deadlines when the backend never answers', async () => {
    const { createServer: createTcpServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    backends.push({
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          silent.close(() => resolve());
        }),
    });
    const { port } = silent.address() as AddressInfo;
    const started = performance.now();
    const report = await runConformance({ endpoint: `http://127.0.0.1:${port}/api/chat`, timeoutMs: 300 });
    // One 300 ms deadline for each request (the first run, unknown GET and DELETE, the cancel
    // run, three preflights): about 2 s, with room for a busy machine; without deadlines, never.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(report.checks).toHaveLength(CHECK_NAMES.length);
    expect(detailOf(report, 'post-starts-run')).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/chat \{"message":"Hello!.* got no answer within \d+ ms\. PROTOCOL\.md §5 rule 1/,
    );
    expect(detailOf(report, 'unknown-run-get')).toMatch(/got no answer within \d+ ms/);
    expect(failing(report)).toEqual(['post-starts-run', 'unknown-run-get', 'unknown-run-delete']);
  });
});
