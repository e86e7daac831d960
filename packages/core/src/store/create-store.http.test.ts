import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callsOf } from '../../test/harness.js';
import { controlledSseResponse, sseResponse } from '../../test/transport/msw-sse.js';
import { encodeEvent, textData, textEvents } from '../../test/transport/sse-events.js';
import { assistantText, waitForState } from '../../test/transport/wait-for.js';
import type { ToolStreamError } from '../errors.js';
import { createToolStreamStore, type ToolStreamStoreOptions } from './create-store.js';

const endpoint = 'http://api.test/api/chat/stream';
const parts = ['Hello', ', ', 'world', '!'];
const events = textEvents(parts);

const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

/** Every request MSW saw, in order (cloned so bodies stay readable). */
function recordRequests(): Request[] {
  const seen: Request[] = [];
  mock.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
  return seen;
}
afterEach(() => mock.events.removeAllListeners());

/** Fast reconnection so tests that back off do not wait long. */
function store(options: ToolStreamStoreOptions = {}) {
  return createToolStreamStore({
    endpoint,
    reconnect: { initialDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
}

/** Every error in state is typed: a known code and a retryable flag. */
function expectTyped(error: ToolStreamError | null) {
  expect(error).not.toBeNull();
  expect(typeof error!.code).toBe('string');
  expect(typeof error!.retryable).toBe('boolean');
  expect(typeof error!.message).toBe('string');
}

describe('send over POST', () => {
  it('posts { message, ...body } as JSON with static headers and streams the answer', async () => {
    const requests = recordRequests();
    mock.use(http.post(endpoint, () => sseResponse(events)));
    const chat = store({ headers: { authorization: 'Bearer static', 'x-tenant': 'acme' } });
    await chat.send({ message: 'hi there', body: { conversationId: 'c1' } });

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(request.headers.get('authorization')).toBe('Bearer static');
    expect(request.headers.get('x-tenant')).toBe('acme');
    expect(await request.json()).toEqual({ message: 'hi there', conversationId: 'c1' });

    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(parts.join(''));
    const user = state.messages.find((message) => message.role === 'user');
    expect(user).toMatchObject({ text: 'hi there' });
    expect(state.run.lastEventId).toBe(events.at(-1)!.id);
  });

  it('calls an async header function for every request', async () => {
    const requests = recordRequests();
    mock.use(http.post(endpoint, () => sseResponse(events)));
    let issued = 0;
    const chat = store({
      headers: async () => {
        await Promise.resolve();
        issued++;
        return { authorization: `Bearer token-${issued}` };
      },
    });
    await chat.send('first');
    await chat.send('second');
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('builds the body with the body option', async () => {
    const requests = recordRequests();
    mock.use(http.post(endpoint, () => sseResponse(events)));
    const chat = store({ body: ({ message, body }) => ({ input: { text: message }, meta: body ?? null }) });
    await chat.send({ message: 'q', body: { k: 1 } });
    expect(await requests[0]!.json()).toEqual({ input: { text: 'q' }, meta: { k: 1 } });
  });

  it('a body built by the app still carries the answers of a continuation (PROTOCOL.md §11)', async () => {
    const requests = recordRequests();
    const asks = {
      data: JSON.stringify({
        message: '',
        citations: [],
        tool_calls: [
          {
            call_id: 'c1',
            event_type: 'call',
            tool_name: 'send_email',
            tool_response: '{}',
            tool_call_details: { awaiting: 'approval' },
          },
        ],
      }),
    };
    let posts = 0;
    mock.use(
      http.post(endpoint, () =>
        ++posts === 1
          ? sseResponse([asks, { event: 'done', data: '' }], { runId: 'run_a' })
          : sseResponse(events),
      ),
    );
    const chat = store({ body: ({ message }) => ({ message, scenario: 'approval' }) });
    await chat.send('Email Ana');
    const answer = chat.getState().messages.at(-1)!;
    expect(chat.approve(answer.id, 'c1')).toBe(true);
    await waitForState(chat, (state) => state.status === 'done' && requests.length === 2, 'the continuation');
    expect(await requests[1]!.json()).toEqual({
      message: 'Email Ana',
      scenario: 'approval',
      continue: { run_id: 'run_a', answers: [{ call_id: 'c1', approved: true }] },
    });
  });
});

describe('send over GET', () => {
  it('sends the message as the message query parameter, without a body', async () => {
    const requests = recordRequests();
    mock.use(http.get(endpoint, () => sseResponse(events)));
    const chat = store({ method: 'GET', endpoint: `${endpoint}?tenant=acme` });
    await chat.send('what is 2 + 2?');
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(requests[0]!.method).toBe('GET');
    expect(url.searchParams.get('message')).toBe('what is 2 + 2?');
    expect(url.searchParams.get('tenant')).toBe('acme');
    expect(requests[0]!.body).toBeNull();
    expect(assistantText(chat.getState())).toBe(parts.join(''));
  });
});

describe('stop', () => {
  it('aborts mid-stream, keeps the partial text, marks open calls stopped and DELETEs the named run', async () => {
    const requests = recordRequests();
    const stream = controlledSseResponse({ runId: 'run-9' });
    mock.use(
      http.post(endpoint, () => stream.response),
      http.delete(`${endpoint}/:runId`, () => new HttpResponse(null, { status: 204 })),
    );
    const chat = store();
    const sending = chat.send('search');
    stream.push(encodeEvent({ id: 'e1', data: textData('Searching') }));
    const openCall = {
      message: '',
      citations: [],
      tool_calls: [
        {
          call_id: 'c1',
          event_type: 'call',
          tool_name: 'search',
          tool_response: '',
          tool_call_details: {},
          stream_part: 'query: ',
          is_complete: false,
        },
      ],
    };
    stream.push(encodeEvent({ id: 'e2', data: JSON.stringify(openCall) }));
    await waitForState(chat, (state) => callsOf(state).c1?.status === 'streaming', 'the open call');

    await chat.stop();
    await sending;
    const state = chat.getState();
    expect(state.status).toBe('aborted');
    expect(assistantText(state)).toBe('Searching');
    expect(callsOf(state).c1).toMatchObject({ status: 'stopped' });
    expect(callsOf(state).c1!.call.text).toBe('query: ');
    expect(state.error).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/chat/stream/run-9',
    ]);
  });
});

describe('HTTP failures', () => {
  it('does not retry a 4xx and reports status and body', async () => {
    const requests = recordRequests();
    mock.use(
      http.post(endpoint, () =>
        HttpResponse.json({ error: 'bad request: message missing' }, { status: 400 }),
      ),
    );
    const errors: ToolStreamError[] = [];
    const chat = store({ onError: (error) => errors.push(error) });
    await chat.send('x');
    const { error, status } = chat.getState();
    expectTyped(error);
    expect(status).toBe('error');
    expect(error).toMatchObject({ code: 'http', status: 400, retryable: false, fatal: true });
    expect(error?.code === 'http' && error.body).toContain('bad request: message missing');
    expect(requests).toHaveLength(1);
    expect(errors).toEqual([error]);
  });

  it('never re-POSTs after a 5xx: the error is retryable instead', async () => {
    const requests = recordRequests();
    mock.use(http.post(endpoint, () => new HttpResponse('upstream overloaded', { status: 503 })));
    const chat = store();
    await chat.send('x');
    const { error } = chat.getState();
    expectTyped(error);
    expect(error).toMatchObject({ code: 'http', status: 503, retryable: true, body: 'upstream overloaded' });
    expect(requests).toHaveLength(1);
  });

  it('waits Retry-After after a 429, then sends the POST again and streams', async () => {
    const requests = recordRequests();
    let calls = 0;
    mock.use(
      http.post(endpoint, () => {
        calls++;
        if (calls === 1) {
          return new HttpResponse('too many requests', { status: 429, headers: { 'retry-after': '0.05' } });
        }
        return sseResponse(events);
      }),
    );
    const statuses: string[] = [];
    const chat = store({ schedule: 'sync' });
    chat.subscribe((state) => {
      if (statuses.at(-1) !== state.status) statuses.push(state.status);
    });
    await chat.send('x');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    const [first, second] = await Promise.all(requests.map((r) => r.text()));
    expect(second).toBe(first);
    expect(statuses).toContain('reconnecting');
    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(state.error).toBeNull();
    expect(assistantText(state)).toBe(parts.join(''));
  });

  it('reports rate-limited with retryAfterMs once the 429s outlast the retries', async () => {
    const requests = recordRequests();
    mock.use(
      http.post(
        endpoint,
        () => new HttpResponse('slow down', { status: 429, headers: { 'retry-after': '0' } }),
      ),
    );
    const chat = store();
    await chat.send('x');
    const { error } = chat.getState();
    expectTyped(error);
    expect(error).toMatchObject({ code: 'rate-limited', status: 429, retryAfterMs: 0, retryable: true });
    // The first request and the 3 retries runStream allows by default (maxRateLimitRetries), no more.
    expect(requests).toHaveLength(4);
  });

  it('sends the POST again after a 408 and streams', async () => {
    const requests = recordRequests();
    let calls = 0;
    mock.use(
      http.post(endpoint, () => {
        calls++;
        return calls === 1 ? new HttpResponse(null, { status: 408 }) : sseResponse(events);
      }),
    );
    const chat = store();
    await chat.send('x');
    expect(requests).toHaveLength(2);
    expect(chat.getState().status).toBe('done');
    expect(assistantText(chat.getState())).toBe(parts.join(''));
  });

  it('reports a response that is not an event stream as content-type, with status and a body excerpt', async () => {
    const requests = recordRequests();
    const page = `<!doctype html><title>Sign in</title>${'<p>lorem ipsum</p>'.repeat(200)}`;
    mock.use(http.post(endpoint, () => HttpResponse.html(page)));
    const chat = store();
    await chat.send('x');
    const { error } = chat.getState();
    expectTyped(error);
    expect(error).toMatchObject({ code: 'content-type', status: 200, retryable: false });
    expect(error!.message).toContain('text/html');
    const body = error?.code === 'content-type' ? error.body : '';
    expect(page.startsWith(body.replace(/…$/, ''))).toBe(true);
    expect(body.length).toBeLessThan(page.length);
    expect(requests).toHaveLength(1);
  });
});

describe('idle timeout', () => {
  it('ends an unnamed run whose server goes silent with a retryable timeout, keeping the text', async () => {
    const requests = recordRequests();
    mock.use(http.post(endpoint, () => sseResponse(events.slice(0, 2), { keepOpen: true })));
    const chat = store({ idleTimeoutMs: 400 });
    await chat.send('x');
    const state = chat.getState();
    expectTyped(state.error);
    expect(state.status).toBe('error');
    expect(state.error).toMatchObject({ code: 'timeout', retryable: true });
    expect(assistantText(state)).toBe(parts.slice(0, 2).join(''));
    expect(requests).toHaveLength(1);
  });

  it('re-attaches a named run that went silent, from Last-Event-ID', async () => {
    const requests = recordRequests();
    mock.use(
      http.post(endpoint, () => sseResponse(events.slice(0, 2), { keepOpen: true, runId: 'run-3' })),
      http.get(`${endpoint}/:runId`, ({ request }) => {
        const after = events.findIndex((event) => event.id === request.headers.get('last-event-id'));
        return sseResponse(events.slice(after + 1), { runId: 'run-3' });
      }),
    );
    const chat = store({ idleTimeoutMs: 400 });
    await chat.send('x');
    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(parts.join(''));
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/chat/stream',
      'GET /api/chat/stream/run-3',
    ]);
    expect(requests[1]!.headers.get('last-event-id')).toBe('e2');
  });
});

describe('events', () => {
  it('applies an event whose SSE id was already applied only once', async () => {
    const [e1, e2, e3] = events;
    mock.use(http.post(endpoint, () => sseResponse([e1!, e2!, e2!, e1!, e3!])));
    const chat = store();
    await chat.send('x');
    expect(assistantText(chat.getState())).toBe(parts.slice(0, 3).join(''));
    expect(chat.getState().run.lastEventId).toBe('e3');
  });

  it('applies repeated events that carry no id', async () => {
    const once = { data: textData('ab') };
    mock.use(http.post(endpoint, () => sseResponse([once, once])));
    const chat = store();
    await chat.send('x');
    expect(assistantText(chat.getState())).toBe('abab');
  });

  it('keeps going after a malformed frame, recording a protocol error with the frame', async () => {
    mock.use(
      http.post(endpoint, () => sseResponse([events[0]!, { id: 'bad', data: '{not json' }, events[1]!])),
    );
    const chat = store();
    await chat.send('x');
    const state = chat.getState();
    expect(state.status).toBe('done');
    expect(assistantText(state)).toBe(parts.slice(0, 2).join(''));
    const protocol = state.errors.filter((error) => error.code === 'protocol');
    expect(protocol).toHaveLength(1);
    expect(protocol[0]).toMatchObject({ fatal: false, retryable: false, frame: '{not json' });
  });

  it('ends the run with a server error when the stream sends event: error', async () => {
    mock.use(
      http.post(endpoint, () =>
        sseResponse([events[0]!, { event: 'error', data: JSON.stringify({ message: 'model crashed' }) }]),
      ),
    );
    const chat = store();
    await chat.send('x');
    const { status, error } = chat.getState();
    expectTyped(error);
    expect(status).toBe('error');
    expect(error).toMatchObject({ code: 'server', message: 'model crashed', fatal: true });
  });

  it('stops reading at a done event even if the server keeps the connection open', async () => {
    mock.use(
      http.post(endpoint, () =>
        sseResponse(events, { keepOpen: true, tail: encodeEvent({ event: 'done', data: '' }) }),
      ),
    );
    const chat = store();
    await chat.send('x');
    expect(chat.getState().status).toBe('done');
    expect(assistantText(chat.getState())).toBe(parts.join(''));
  });
});
