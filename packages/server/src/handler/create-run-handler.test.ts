import { reduceStream } from '@toolstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { attach, BASE, cancel, deferred, parseSse, post, readEvents, sleep } from '../../test/sse.js';
import { RunEndedError } from '../run/run-ended.js';
import { createMemoryRunStore } from '../store/memory-store.js';
import { createRunHandler, type RunHandler, type RunHandlerOptions } from './create-run-handler.js';

const handlers: RunHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

function handler<Body = Record<string, unknown>>(options: RunHandlerOptions<Body>): RunHandler {
  const created = createRunHandler(options);
  handlers.push(created);
  return created;
}

describe('POST starts a run', () => {
  it('streams the writer’s frames with increasing ids, names the run, and ends with done', async () => {
    const handle = handler({
      start({ writer, body }) {
        writer.text('Let me ask the research agent. ');
        const research = writer.delegate('research_agent', { task: String(body.message) });
        const search = research.toolCall('confluence_search', { args: { query: 'onboarding' } });
        search.stream('3 pages');
        search.result('3 pages found');
        research.stream('The guide is ');
        research.result('The guide is at Onboarding › First week.');
        writer.citations(['https://wiki.example.com/onboarding']);
        writer.text('Here it is.');
      },
    });
    const response = await handle(post({ message: 'Find the onboarding guide' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const runId = response.headers.get('x-run-id');
    // 128 random bits in base64url are 22 characters.
    expect(runId).toMatch(/^run_[A-Za-z0-9_-]{22}$/);
    const text = await response.text();
    const events = parseSse(text);
    expect(events.map((event) => event.id)).toEqual(events.map((_, i) => String(i + 1)));
    expect(events.at(-1)).toMatchObject({ event: 'done', data: '' });

    const snapshot = await reduceStream(text);
    expect(snapshot.status).toBe('done');
    expect(snapshot.errors).toEqual([]);
    expect(snapshot.text).toBe('Let me ask the research agent. Here it is.');
    expect(snapshot.citations).toEqual([{ source: 'https://wiki.example.com/onboarding' }]);
    const [delegation, search] = snapshot.toolCalls;
    expect(delegation).toMatchObject({
      kind: 'delegation',
      tool_name: 'delegate_to_research_agent',
      output: 'The guide is at Onboarding › First week.',
      parent_call_id: null,
      is_complete: true,
    });
    expect(delegation?.details).toMatchObject({ agent: 'research_agent', task: 'Find the onboarding guide' });
    expect(search).toMatchObject({
      tool_name: 'confluence_search',
      parent_call_id: delegation?.call_id,
      output: '3 pages found',
      status: 'complete',
    });
    expect(search?.details).toMatchObject({ agent: 'research_agent', arguments: { query: 'onboarding' } });
  });

  it('gives every run its own id', async () => {
    const handle = handler({ start() {} });
    const ids = new Set<string>();
    for (let i = 0; i < 50; i++) ids.add((await handle(post())).headers.get('x-run-id')!);
    expect(ids.size).toBe(50);
  });

  it('keeps the run going when the client goes away, and a re-attach gets the rest', async () => {
    const finished = deferred();
    const handle = handler({
      async start({ writer }) {
        for (const word of ['one ', 'two ', 'three ']) {
          writer.text(word);
          await sleep(20);
        }
        finished.resolve();
      },
    });
    const response = await handle(post());
    const runId = response.headers.get('x-run-id')!;
    const { events, reader } = await readEvents(response.body!, 1);
    await reader.cancel();
    await finished.promise;
    const rest = parseSse(await (await handle(attach(runId, events[0]!.id))).text());
    expect(rest.map((event) => event.id)).toEqual(['2', '3', '4']);
    expect((await reduceStream(await (await handle(attach(runId))).text())).text).toBe('one two three ');
  });
});

describe('GET re-attaches', () => {
  async function finishedRun(words: string[]) {
    const handle = handler({
      start({ writer }) {
        for (const word of words) writer.text(word);
      },
    });
    const response = await handle(post());
    await response.text();
    return { handle, runId: response.headers.get('x-run-id')! };
  }

  it('replays the whole run without Last-Event-ID, and exactly what came after it with one', async () => {
    const { handle, runId } = await finishedRun(['a', 'b', 'c', 'd']);
    const whole = parseSse(await (await handle(attach(runId))).text());
    expect(whole.map((event) => [event.id, event.data === '' ? '' : JSON.parse(event.data).message])).toEqual(
      [
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'c'],
        ['4', 'd'],
        ['5', ''],
      ],
    );
    for (let after = 0; after <= 5; after++) {
      const rest = parseSse(await (await handle(attach(runId, String(after)))).text());
      expect(rest).toEqual(whole.slice(after));
    }
  });

  it('tails a live run after the replay', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handle = handler({
      async start({ writer }) {
        writer.text('before ');
        await writer.flush();
        await gate;
        writer.text('after');
      },
    });
    const started = await handle(post());
    const runId = started.headers.get('x-run-id')!;
    await started.body?.cancel();
    const live = await handle(attach(runId, '0'));
    const { events, reader } = await readEvents(live.body!, 1);
    expect(JSON.parse(events[0]!.data).message).toBe('before ');
    release();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(parseSse(rest).map((event) => event.id)).toEqual(['2', '3']);
  });

  it('answers 404 for an unknown run and 400 for an id that is not one of the run’s', async () => {
    const { handle, runId } = await finishedRun(['a']);
    const unknown = await handle(attach('run_nope'));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown-run' } });
    for (const bad of ['x', '-1', '1.5', '3', '99999999999999999999']) {
      const response = await handle(attach(runId, bad));
      expect(response.status, bad).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'bad-last-event-id' } });
    }
  });

  it('answers 410 when the events after the id are no longer kept', async () => {
    const handle = handler({
      store: createMemoryRunStore({ maxFramesPerRun: 3 }),
      start({ writer }) {
        for (const word of ['a', 'b', 'c', 'd', 'e']) writer.text(word);
      },
    });
    const response = await handle(post());
    // The run outpaces this reader, so even its own stream loses frames: the body errors, as a
    // drop would, and the client's re-attach is then answered 410.
    await expect(response.text()).rejects.toThrow(/no longer kept/);
    const runId = response.headers.get('x-run-id')!;
    // Six frames (five texts and done); the last three are kept: 4, 5, 6.
    expect((await handle(attach(runId))).status).toBe(410);
    expect((await handle(attach(runId, '2'))).status).toBe(410);
    const kept = await handle(attach(runId, '3'));
    expect(kept.status).toBe(200);
    expect(parseSse(await kept.text()).map((event) => event.id)).toEqual(['4', '5', '6']);
  });
});

describe('DELETE cancels', () => {
  it('aborts the producer’s signal, ends the readers with an error frame, and refuses later frames', async () => {
    const aborted = deferred<unknown>();
    let writesAfterCancel = 0;
    const handle = handler({
      async start({ writer, signal }) {
        writer.text('working… ');
        signal.addEventListener('abort', () => aborted.resolve(signal.reason));
        await aborted.promise;
        writer.text('too late');
        writesAfterCancel++;
      },
    });
    const response = await handle(post());
    const runId = response.headers.get('x-run-id')!;
    const { events, reader } = await readEvents(response.body!, 1);
    expect(events).toHaveLength(1);
    const deleted = await handle(cancel(runId));
    expect(deleted.status).toBe(204);
    const reason = await aborted.promise;
    expect(reason).toBeInstanceOf(RunEndedError);
    expect((reason as RunEndedError).reason).toBe('cancelled');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(parseSse(rest)).toEqual([
      {
        id: '2',
        event: 'error',
        data: JSON.stringify({ message: 'The run was cancelled.', code: 'run-cancelled' }),
      },
    ]);
    await sleep(10);
    expect(writesAfterCancel).toBe(1);
    const replay = parseSse(await (await handle(attach(runId))).text());
    expect(replay.map((event) => event.id)).toEqual(['1', '2']);
    expect((await handle(cancel('run_unknown'))).status).toBe(404);
  });
});

describe('how a run ends', () => {
  it('a start that throws ends the run with a message that reveals nothing', async () => {
    const handle = handler({
      start() {
        throw new Error('database password is hunter2');
      },
    });
    const text = await (await handle(post())).text();
    expect(text).not.toContain('hunter2');
    const snapshot = await reduceStream(text);
    expect(snapshot.status).toBe('error');
    expect(snapshot.errors).toMatchObject([{ code: 'server', message: 'The agent failed.' }]);
  });

  it('onError chooses what the client is told', async () => {
    const handle = handler({
      start() {
        throw new Error('quota');
      },
      onError: (error) => `The model is over its quota (${(error as Error).message}).`,
    });
    const snapshot = await reduceStream(await (await handle(post())).text());
    expect(snapshot.errors).toMatchObject([
      { code: 'server', message: 'The model is over its quota (quota).' },
    ]);
  });

  it('writer.error ends the run failed with that message and drops later writes', async () => {
    const handle = handler({
      start({ writer }) {
        writer.text('partial ');
        writer.error('The guard refused this question.', { code: 'guard' });
        writer.text('ignored');
      },
    });
    const events = parseSse(await (await handle(post())).text());
    expect(events.map((event) => event.event ?? 'message')).toEqual(['message', 'error']);
    expect(JSON.parse(events[1]!.data)).toEqual({
      message: 'The guard refused this question.',
      code: 'guard',
    });
  });

  it('maxDurationMs aborts the signal and ends the run with a time-limit error', async () => {
    const reason = deferred<unknown>();
    const handle = handler({
      limits: { maxDurationMs: 60 },
      async start({ writer, signal }) {
        writer.text('thinking');
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        reason.resolve(signal.reason);
      },
    });
    const snapshot = await reduceStream(await (await handle(post())).text());
    expect((await reason.promise) as RunEndedError).toMatchObject({ reason: 'time-limit' });
    expect(snapshot.errors).toMatchObject([
      { code: 'server', message: 'The run took longer than the server allows.' },
    ]);
  });

  it('a frame over maxFrameBytes throws in the writer', async () => {
    const thrown = deferred<unknown>();
    const handle = handler({
      limits: { maxFrameBytes: 100 },
      start({ writer }) {
        try {
          writer.text('é'.repeat(60)); // 120 bytes of UTF-8 in a frame of more
        } catch (error) {
          thrown.resolve(error);
        }
        writer.text('ok');
      },
    });
    const snapshot = await reduceStream(await (await handle(post())).text());
    expect(await thrown.promise).toBeInstanceOf(RangeError);
    expect(snapshot.text).toBe('ok');
  });

  it('close() ends the runs this process produces with an error the client may retry', async () => {
    const handle = createRunHandler({
      async start({ writer, signal }) {
        writer.text('long work');
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
    });
    const response = await handle(post());
    const { reader } = await readEvents(response.body!, 1);
    await handle.close();
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    const [last] = parseSse(rest);
    expect(last).toMatchObject({ event: 'error' });
    expect(JSON.parse(last!.data)).toMatchObject({ code: 'run-shutdown' });
    expect((await handle(post())).status).toBe(503);
  });
});

describe('requests the handler refuses', () => {
  const plain = () => handler({ start() {}, limits: { maxBodyBytes: 64 } });

  it('answers wrong methods with 405 and Allow', async () => {
    const handle = plain();
    const get = await handle(new Request(BASE));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    const put = await handle(new Request(`${BASE}/run_x`, { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, DELETE, OPTIONS');
    expect(await put.json()).toMatchObject({ error: { code: 'method-not-allowed' } });
  });

  it('answers 404 outside its paths', async () => {
    const handle = plain();
    for (const path of ['/', '/api/chat', '/api/chat/stream/a/b']) {
      expect((await handle(new Request(`http://app.test${path}`, { method: 'POST' }))).status).toBe(404);
    }
  });

  it('refuses bodies that are too large, not JSON, or not an object — with a JSON reason', async () => {
    const handle = plain();
    const cases: [string, number, string][] = [
      [JSON.stringify({ message: 'x'.repeat(100) }), 413, 'body-too-large'],
      ['{"message": ', 400, 'bad-body'],
      ['[1, 2]', 400, 'bad-body'],
      ['"text"', 400, 'bad-body'],
      ['null', 400, 'bad-body'],
    ];
    for (const [body, status, code] of cases) {
      const response = await handle(post(body));
      expect(response.status, body).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code } });
    }
  });

  it('keeps __proto__ in a body from reaching a prototype', async () => {
    const seen = deferred<Record<string, unknown>>();
    const handle = handler({
      start({ body }) {
        seen.resolve(Object.assign({}, body));
      },
    });
    await (await handle(post('{"message":"hi","__proto__":{"polluted":true}}'))).text();
    const copy = await seen.promise;
    expect(copy.message).toBe('hi');
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('answers 400 with parseBody’s message', async () => {
    const handle = handler({
      parseBody(body) {
        if (typeof body.message !== 'string') throw new Error('message must be a string');
        return { message: body.message };
      },
      start() {},
    });
    const response = await handle(post({ message: 42 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'bad-body', message: 'message must be a string' },
    });
  });

  it('answers 503 with Retry-After when the store holds as many runs as it may', async () => {
    const handle = handler({
      store: createMemoryRunStore({ maxRuns: 1 }),
      async start({ signal }) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      },
    });
    const first = await handle(post());
    expect(first.status).toBe(200);
    const second = await handle(post());
    expect(second.status).toBe(503);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await second.json()).toMatchObject({ error: { code: 'capacity' } });
    await first.body?.cancel();
  });
});

describe('authorize', () => {
  const session = (request: Request) => request.headers.get('cookie')?.match(/session=(\w+)/)?.[1] ?? null;

  it('with identify, only the run’s owner may attach or cancel', async () => {
    const handle = handler({
      identify: session,
      start({ writer }) {
        writer.text('secret plans');
      },
    });
    const response = await handle(post({ message: 'x' }, { cookie: 'session=alice' }));
    await response.text();
    const runId = response.headers.get('x-run-id')!;
    expect((await handle(attach(runId, undefined, { cookie: 'session=alice' }))).status).toBe(200);
    const mallory = await handle(attach(runId, undefined, { cookie: 'session=mallory' }));
    expect(mallory.status).toBe(403);
    expect(await mallory.text()).not.toContain('secret');
    expect((await handle(attach(runId))).status).toBe(403);
    expect((await handle(cancel(runId, { cookie: 'session=mallory' }))).status).toBe(403);
    expect((await handle(cancel(runId, { cookie: 'session=alice' }))).status).toBe(204);
  });

  it('a custom authorize decides each action', async () => {
    const calls: string[] = [];
    const handle = handler({
      authorize(_request, run, action) {
        calls.push(`${action}:${run === null ? 'new' : run.status}`);
        return action !== 'cancel';
      },
      start() {},
    });
    const response = await handle(post());
    await response.text();
    const runId = response.headers.get('x-run-id')!;
    expect((await handle(attach(runId))).status).toBe(200);
    expect((await handle(cancel(runId))).status).toBe(403);
    expect(calls).toEqual(['start:new', 'attach:done', 'cancel:done']);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin and exposes X-Run-Id', async () => {
    const handle = handler({ cors: { origin: ['https://app.example.com'], credentials: true }, start() {} });
    const preflight = await handle(
      new Request(BASE, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, last-event-id',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('last-event-id');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const response = await handle(post({}, { origin: 'https://app.example.com' }));
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Run-Id');
    await response.text();
  });

  it('sends no CORS headers to an origin it does not allow, nor when CORS is off', async () => {
    const withCors = handler({ cors: { origin: 'https://app.example.com' }, start() {} });
    const other = await withCors(post({}, { origin: 'https://evil.example.com' }));
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await other.text();
    const without = handler({ start() {} });
    const response = await without(post({}, { origin: 'https://app.example.com' }));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await response.text();
  });
});

describe('resumable: false', () => {
  it('names no run, and a closed connection cancels it', async () => {
    const reason = deferred<unknown>();
    const handle = handler({
      resumable: false,
      async start({ writer, signal }) {
        writer.text('hi');
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        reason.resolve(signal.reason);
      },
    });
    const response = await handle(post());
    expect(response.headers.get('x-run-id')).toBeNull();
    const { reader } = await readEvents(response.body!, 1);
    await reader.cancel();
    expect(await reason.promise).toMatchObject({ reason: 'client-closed' });
  });
});

describe('heartbeat and retry', () => {
  it('sends retry: first and keep-alive comments while the run is quiet', async () => {
    const handle = handler({
      retryMs: 1500,
      heartbeatMs: 20,
      async start({ writer }) {
        await sleep(90);
        writer.text('late');
      },
    });
    const text = await (await handle(post())).text();
    expect(text.startsWith('retry: 1500\n\n')).toBe(true);
    expect(text.split(': keep-alive\n\n').length - 1).toBeGreaterThanOrEqual(2);
    expect((await reduceStream(text)).text).toBe('late');
  });
});
