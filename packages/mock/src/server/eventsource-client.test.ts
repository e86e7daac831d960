import { reduceStream } from '@toolstream/core';
import { EventSource } from 'eventsource';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunLogEntry } from '../backend/mock-backend.js';
import { encodeFrame, scenarioToSse } from '../backend/sse-encode.js';
import { builtinScenarios } from '../scenario/library.js';
import { expectedFrames, waitForLog } from '../test-utils/sse.js';
import { createMockServer, type MockServer, type MockServerOptions } from './create-server.js';

/**
 * The server against an independent SSE client, the `eventsource` package: the direct GET
 * route, reconnection with Last-Event-ID, and closing.
 */
const library = builtinScenarios();
let server: MockServer | null = null;
const sources: EventSource[] = [];
afterEach(async () => {
  for (const source of sources.splice(0)) source.close();
  await server?.close();
  server = null;
});

async function start(options: MockServerOptions = {}) {
  const log: RunLogEntry[] = [];
  // `retry: 10` makes the client come back quickly after a drop.
  server = await createMockServer({ speed: 50, retryMs: 10, logger: (entry) => log.push(entry), ...options });
  return { server, log };
}

interface Received {
  event: string | undefined;
  id: string;
  data: string;
}

/** Opens an EventSource and collects every event (named ones too) until `done`, an `error` event, or `stopAfter`. */
function collect(url: string, names: string[], stopAfter = Number.POSITIVE_INFINITY) {
  const source = new EventSource(url);
  sources.push(source);
  const received: Received[] = [];
  let opens = 0;
  source.addEventListener('open', () => {
    opens++;
  });
  const finished = new Promise<Received[]>((resolve) => {
    const onEvent = (name: string) => (event: MessageEvent) => {
      received.push({
        event: name === 'message' ? undefined : name,
        id: event.lastEventId,
        data: event.data,
      });
      if (name === 'done' || received.length >= stopAfter) {
        source.close();
        resolve(received);
      }
    };
    for (const name of ['message', 'done', ...names]) source.addEventListener(name, onEvent(name));
  });
  return { source, finished, opens: () => opens };
}

describe('the server with the eventsource package as client', () => {
  it('streams a scenario by GET with every frame and its id', async () => {
    const { server } = await start();
    const { finished } = collect(`${server.endpoint}?scenario=single-call`, []);
    const received = await finished;
    expect(received).toEqual(
      expectedFrames(library.get('single-call')!).map(({ event, id, data }) => ({ event, id, data })),
    );
  });

  it('reads typed events by name', async () => {
    const { server } = await start();
    const { finished } = collect(`${server.endpoint}?scenario=typed-events`, ['tool_start', 'tool_end']);
    const received = await finished;
    expect(received.map((r) => r.event ?? 'message')).toEqual(
      expectedFrames(library.get('typed-events')!).map((f) => (f.event === 'message' ? 'message' : f.event)),
    );
  });

  it('closing the EventSource stops the replay on the server', async () => {
    const { server, log } = await start({ speed: 1 });
    const { finished } = collect(`${server.endpoint}?scenario=long-run`, [], 2);
    await finished;
    const cancelled = await waitForLog(log, (entry) => entry.type === 'cancel');
    expect(cancelled.reason).toBe('client-closed');
    expect(log.map((entry) => entry.type)).toEqual(['start', 'cancel']);
  });

  it('after a drop it reconnects with Last-Event-ID and gets the rest, with no duplicate text', async () => {
    const { server, log } = await start();
    const scenario = library.get('mid-stream-disconnect')!;
    const { finished, opens } = collect(`${server.endpoint}?scenario=${scenario.header.name}`, []);
    const received = await finished;
    expect(opens()).toBe(2);
    expect(log.filter((entry) => entry.type === 'start')).toHaveLength(2);
    const ids = received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(received).toEqual(expectedFrames(scenario).map(({ event, id, data }) => ({ event, id, data })));
    const replayed = received.map((r) => encodeFrame({ event: r.event, id: r.id, data: r.data })).join('');
    const full = await reduceStream(scenarioToSse(scenario));
    expect((await reduceStream(replayed)).text).toBe(full.text);
  });
});
