import { RUN_ID_HEADER, reduceStream } from '@toolstream/core';
import { createFrameDecoder } from '@toolstream/core/adapters';
import { allProtocols } from '@toolstream/core/providers';
import { encodeFrame } from '../backend/sse-encode.js';
import type { Scenario, ScenarioFrame, ScenarioProtocol } from '../scenario/format.js';
import { SCENARIO_PROTOCOLS, serializeScenario } from '../scenario/format.js';
import { ScenarioFormatError, validateScenario } from '../scenario/validate.js';

/** Options of {@link recordStream}. */
export interface RecordOptions {
  /** Default `GET`, or `POST` when a body is given. */
  method?: string;
  /** The request body: text as is, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The scenario's name. Default: from the URL's last path segment, else `recorded`. */
  name?: string;
  description?: string;
  /** Default: recognised from the frames (typed events or the primary protocol). */
  protocol?: ScenarioProtocol;
  /** Stops recording; what arrived so far is kept. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** The clock delays are measured with. Default `performance.now()`. */
  now?: () => number;
}

/** What {@link recordStream} returns. */
export interface StreamRecording {
  scenario: Scenario;
  /** The scenario as a JSON Lines file. */
  text: string;
  /** `X-Run-Id` of the recorded run, when the server named it. */
  runId: string | null;
  /** `complete`: the server ended the stream; `dropped`: the connection failed; `stopped`: the signal aborted. */
  ending: 'complete' | 'dropped' | 'stopped';
}

/**
 * Records a live SSE stream as a scenario: every frame with its `event`, `id` and `data`, and
 * its delay since the previous one (the first since the request was sent), so a team can
 * replay its own backend in Storybook and tests.
 *
 * @example
 * ```ts
 * const { text } = await recordStream('http://localhost:8080/api/chat/stream', {
 *   body: { message: 'Find the onboarding page' },
 *   name: 'onboarding',
 * });
 * await writeFile('scenarios/onboarding.jsonl', text);
 * ```
 */
export async function recordStream(url: string, options: RecordOptions = {}): Promise<StreamRecording> {
  const now = options.now ?? (() => performance.now());
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
  }
  const method = (options.method ?? (body === undefined ? 'GET' : 'POST')).toUpperCase();

  let last = now();
  const init: RequestInit = { method, headers, cache: 'no-store' };
  if (body !== undefined) init.body = body;
  if (options.signal !== undefined) init.signal = options.signal;
  const response = await doFetch(url, init);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.toLowerCase().startsWith('text/event-stream')) {
    const excerpt = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(
      `Cannot record ${method} ${url}: HTTP ${response.status} with content type ${type || '(none)'}${excerpt ? `: ${excerpt}` : ''}`,
    );
  }

  const frames: ScenarioFrame[] = [];
  const decoder = createFrameDecoder(
    {
      onFrame(frame) {
        const at = now();
        frames.push({
          delay: Math.max(0, Math.round(at - last)),
          ...(frame.event === undefined ? {} : { event: frame.event }),
          ...(frame.id === undefined || frame.id === '' ? {} : { id: frame.id }),
          data: frame.data,
        });
        last = at;
      },
    },
    'sse',
  );

  let ending: StreamRecording['ending'] = 'complete';
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.feed(value);
    }
    decoder.end();
  } catch {
    ending = options.signal?.aborted ? 'stopped' : 'dropped';
  } finally {
    reader.releaseLock();
  }

  if (frames.length === 0) throw new Error(`Cannot record ${method} ${url}: the stream had no events.`);
  const scenario: Scenario = {
    header: {
      type: 'header',
      name: options.name ?? nameFromUrl(url),
      description:
        options.description ?? `Recorded from ${method} ${url} on ${new Date().toISOString().slice(0, 10)}.`,
      protocol: options.protocol ?? recordedProtocol(await recognisedProtocol(frames)),
    },
    steps: frames,
  };
  const checked = validateScenario(scenario);
  if (!checked.ok) throw new ScenarioFormatError(checked.issues);
  return { scenario, text: serializeScenario(scenario), runId: response.headers.get(RUN_ID_HEADER), ending };
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/** A kebab-case name from the URL's last path segment. */
function nameFromUrl(url: string): string {
  let segment = '';
  try {
    segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    // Not an absolute URL: fall through to the default.
  }
  const name = segment
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name === '' ? 'recorded' : name;
}

/** The protocol the core recognises in the recorded frames (any it reads), or `null`. */
async function recognisedProtocol(frames: readonly ScenarioFrame[]): Promise<string | null> {
  let protocol: string | null = null;
  await reduceStream(frames.map(encodeFrame).join(''), {
    protocols: allProtocols,
    onState: (state) => {
      protocol = state.run.protocol;
    },
  });
  return protocol;
}

/** The scenario protocol for what the core recognised; the primary protocol when it could not tell. */
function recordedProtocol(recognised: string | null): ScenarioProtocol {
  return recognised !== null && (SCENARIO_PROTOCOLS as readonly string[]).includes(recognised)
    ? (recognised as ScenarioProtocol)
    : 'chat-message-response';
}
