import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allProtocols } from '../../src/adapters/providers/index.js';
import type { AssistantMessageState, ToolCallState, ToolStreamState } from '../../src/reducer/state.js';
import { lookup } from '../../src/reducer/table.js';
import { reduceStream } from '../../src/snapshot/reduce-stream.js';
import type { StreamSnapshot } from '../../src/snapshot/snapshot.js';

/**
 * The recorded streams of `../shared/real-streams/peer` (beside the project; read at run time,
 * never copied into it — set TOOLSTREAM_PEER_STREAMS to read them from elsewhere): AI SDK UI
 * message streams (v5, v6, v7, pydantic-ai), AI SDK 4 data streams, LangGraph run streams and
 * LangGraph protocol v2 streams. Each is read with `auto` among every format, and must give what a
 * user of that backend would see — its text, reasoning, calls, nesting and end, with no error the
 * stream does not hold — identically however its bytes are cut.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = process.env.TOOLSTREAM_PEER_STREAMS ?? join(root, '..', 'shared', 'real-streams', 'peer');
const manifestPath = join(dir, 'manifest.json');
const present = existsSync(manifestPath);

interface Recording {
  file: string;
  format: string;
  contents: {
    toolCalls?: { toolCallId?: string; id?: string; toolName?: string | null; name?: string }[];
    subgraphNamespaces?: string[];
  };
}

const PROTOCOL_OF: Record<string, string> = {
  'ai-sdk-ui-message-stream': 'ai-sdk-ui',
  'ai-sdk-data-stream-v4': 'ai-sdk-data-stream',
  'langgraph-api-sse': 'langgraph',
  'langgraph-protocol-v2-sse': 'langgraph-v2',
};

/** What a user of the backend expects of one recording, beyond what its chunks say on their own. */
interface Expected {
  outcome: StreamSnapshot['outcome'];
  finish?: StreamSnapshot['finishReason'];
  /** The answer text (exact), where the chunks do not say it on their own (LangGraph). */
  text?: string;
  /** Calls: `name @parent-node status` (`@-` at the top), in order of appearance. */
  calls?: string[];
  /** Fatal or tool errors the stream holds: the start of each message. */
  errors?: string[];
  /** Names of the data parts kept on the answer. */
  data?: string[];
  /** More checks of the state. */
  check?: (answer: AssistantMessageState) => void;
}

const AGENT_TEXT = 'Let me check the weather.It is 18C and foggy in San Francisco right now.';
const AGENT_CALLS = ['get_weather @- complete'];
const SUPERVISOR_CALLS = ['researcher @- complete', 'get_weather @researcher complete', 'writer @- complete'];
const supervisorSections = (
  answer: AssistantMessageState,
  toolResult = "It's 18C and foggy in San Francisco.",
) => {
  expect(resultOf(answer, 'researcher')).toBe(
    'Researching.\n\nResearch done: 18C and foggy in San Francisco.',
  );
  expect(resultOf(answer, 'get_weather')).toBe(toolResult);
  expect(argsOf(answer, 'get_weather')).toEqual({ city: 'San Francisco' });
  expect(resultOf(answer, 'writer')).toBe('Here is your forecast: a cool, foggy morning in San Francisco.');
};
const interruptOn = (call: string, id: string) => (answer: AssistantMessageState) => {
  const interrupt = callNamed(answer, call).details.interrupt as Record<string, unknown>;
  expect(interrupt).toMatchObject({ id, kind: 'interrupt', namespace: [] });
  // Its value names the call: an approval on it, with the question; `allowed` has no `edit`.
  expect(callNamed(answer, call).input).toEqual({
    kind: 'approval',
    ref: id,
    editable: false,
    message: 'Approve this tool call?',
    answer: null,
    sent: false,
  });
  expect(interrupt.value).toMatchObject({
    question: 'Approve this tool call?',
    allowed: ['approve', 'reject'],
  });
};

const EXPECTED: Record<string, Expected> = {
  'ai-sdk-ui-v5-anthropic-abort.sse': { outcome: 'interrupted', data: ['abort'] },
  'ai-sdk-ui-v6-anthropic-abort.sse': {
    outcome: 'interrupted',
    data: ['abort'],
    check: (a) => expect(a.data?.[0]?.data).toEqual({ reason: 'This operation was aborted' }),
  },
  'ai-sdk-ui-v6-anthropic-text.sse': { outcome: 'done', finish: 'stop' },
  'ai-sdk-ui-v7-anthropic-text.sse': { outcome: 'done', finish: 'stop' },
  'ai-sdk-ui-v6-anthropic-reasoning.sse': { outcome: 'done', finish: 'stop' },
  'ai-sdk-ui-v7-anthropic-reasoning.sse': { outcome: 'done', finish: 'stop' },
  'ai-sdk-ui-v6-anthropic-tool-executed.sse': {
    outcome: 'done',
    finish: 'tool-calls',
    calls: ['get_weather @- complete'],
    check: (a) => {
      expect(argsOf(a, 'get_weather')).toEqual({ location: 'Paris' });
      expect(JSON.parse(resultOf(a, 'get_weather'))).toEqual({
        location: 'Paris',
        temperatureF: 64,
        condition: 'foggy',
      });
    },
  },
  'ai-sdk-ui-v6-anthropic-tool-input-error.sse': {
    outcome: 'done',
    finish: 'tool-calls',
    calls: ['json @- error'],
    errors: ['json failed: An error occurred.'],
    check: (a) => expect(callNamed(a, 'json').details.input_error).toBe('An error occurred.'),
  },
  'ai-sdk-ui-v6-openai-chat-parallel-tools.sse': {
    outcome: 'done',
    finish: 'tool-calls',
    calls: ['GetWeatherArgs @- complete', 'get_stock_price @- complete'],
    check: (a) => expect(argsOf(a, 'get_stock_price')).toEqual({ ticker: 'AAPL', exchange: 'NASDAQ' }),
  },
  'ai-sdk-ui-v6-openai-multi-step-calculator.sse': {
    outcome: 'done',
    finish: 'stop',
    calls: ['calculator @- complete', 'calculator @- complete', 'calculator @- complete'],
    check: (a) => {
      const steps = a.callOrder.map((id) => lookup(a.calls, id)!.details.step);
      expect(steps).toEqual([1, 2, 3]);
      expect(a.parts.map((part) => part.type)).toEqual([
        'reasoning',
        'tool-call',
        'tool-call',
        'tool-call',
        'text',
      ]);
    },
  },
  'ai-sdk-ui-v6-anthropic-web-search-sources.sse': {
    outcome: 'done',
    finish: 'stop',
    calls: ['web_search @- complete'],
    check: (a) => expect(callNamed(a, 'web_search').kind).toBe('provider'),
  },
  'ai-sdk-ui-v6-openai-error-masked.sse': { outcome: 'failed', errors: ['An error occurred.'] },
  'ai-sdk-ui-vercelai-snapshot-error-masked.sse': { outcome: 'failed', errors: ['An error occurred.'] },
  'ai-sdk-ui-v6-mock-error-mid-text.sse': { outcome: 'failed', errors: ['Upstream connection reset'] },
  'ai-sdk-ui-v6-anthropic-message-metadata.sse': {
    outcome: 'done',
    finish: 'stop',
    data: ['metadata'],
    check: (a) =>
      expect(a.data?.[0]?.data).toEqual({
        createdAt: 1735689600000,
        model: 'claude-3-haiku',
        totalTokens: 42,
      }),
  },
  'ai-sdk-ui-v6-anthropic-tool-preliminary-output.sse': {
    outcome: 'done',
    finish: 'tool-calls',
    calls: ['get_weather @- complete'],
    check: (a) =>
      expect(JSON.parse(resultOf(a, 'get_weather'))).toEqual({
        status: 'done',
        location: 'Paris',
        temperatureF: 64,
        condition: 'foggy',
      }),
  },
  'ai-sdk-ui-v6-anthropic-dynamic-tool.sse': {
    outcome: 'done',
    finish: 'tool-calls',
    calls: ['get_weather @- complete'],
    check: (a) => expect(callNamed(a, 'get_weather').details.dynamic).toBe(true),
  },
  'ai-sdk-ui-v6-mock-file-and-source-document.sse': {
    outcome: 'done',
    finish: 'stop',
    data: ['file'],
    check: (a) => {
      expect(a.citations.map((c) => c.source)).toEqual(['https://example.com/report', 'annual-report.pdf']);
      expect(a.data?.[0]?.data).toMatchObject({ mediaType: 'image/png' });
    },
  },
  // Follow-ups to an approval asked in an earlier response: the call's output (or its denial)
  // comes first, for a call this stream never started.
  'ai-sdk-ui-v6-anthropic-tool-approval-approved.sse': {
    outcome: 'done',
    finish: 'stop',
    calls: [' @- complete'],
    check: (a) =>
      expect(JSON.parse(lookup(a.calls, 'toolu_01NRLabsLyVHZPKxbKvkfSMn')!.result!.text)).toMatchObject({
        location: 'Paris',
      }),
  },
  'ai-sdk-ui-v6-anthropic-tool-approval-denied.sse': {
    outcome: 'done',
    finish: 'stop',
    calls: [' @- complete'],
    check: (a) =>
      expect(lookup(a.calls, 'toolu_01NRLabsLyVHZPKxbKvkfSMn')!.details.approval).toEqual({
        id: null,
        state: 'denied',
      }),
  },
  'ai-sdk-ui-v7-anthropic-data-parts.sse': {
    outcome: 'done',
    finish: 'stop',
    data: ['status', 'notification'],
    check: (a) => {
      // The repeated id replaced in place: the last of the three status updates is kept.
      expect(a.data?.[0]).toEqual({ name: 'status', id: 'status-1', data: { state: 'done', progress: 100 } });
      expect(a.data?.[1]).toMatchObject({ name: 'notification', transient: true });
    },
  },
  // An approval asked: the turn ends waiting for the person, the approval id the request's ref.
  'ai-sdk-ui-v7-anthropic-tool-approval-request.sse': {
    outcome: 'awaiting-input',
    finish: 'tool-calls',
    calls: ['get_weather @- awaiting-input'],
    check: (a) =>
      expect(callNamed(a, 'get_weather').input).toEqual({
        kind: 'approval',
        ref: 'aitxt-yrQiHJLn6IlPxPEU1VwpmgVz',
        editable: false,
        message: null,
        answer: null,
        sent: false,
      }),
  },
  'ai-sdk-ui-vercelai-snapshot-reasoning-redacted-signature.sse': { outcome: 'done', finish: 'stop' },
  'ai-sdk-ui-vercelai-snapshot-sources.sse': {
    outcome: 'done',
    finish: 'stop',
    check: (a) =>
      expect(a.citations).toEqual([
        { source: 'https://example.com', title: 'Example' },
        { source: 'https://example.com/2', title: 'Example 2' },
      ]),
  },
  'ai-sdk-ui-vercelai-snapshot-files.sse': { outcome: 'done', finish: 'stop', data: ['file', 'file'] },
  'ai-sdk-ui-pydanticai-openai-web-search-recorded.sse': {
    outcome: 'done',
    finish: 'stop',
    data: ['metadata'],
    check: (a) =>
      expect(callsOf(a).every((call) => call.kind === 'provider' && call.status === 'complete')).toBe(true),
  },
  'ai-sdk-ui-pydanticai-reasoning-interleaved.sse': {
    outcome: 'done',
    data: ['metadata'],
    check: (a) => expect(a.parts.map((part) => part.type)).toEqual(['reasoning', 'text', 'reasoning']),
  },
  'ai-sdk-ui-pydanticai-tool-call-two-steps.sse': {
    outcome: 'done',
    calls: ['web_search @- complete'],
    data: ['metadata'],
  },
  'ai-sdk-ui-pydanticai-tool-retry-exhausted-error.sse': {
    outcome: 'failed',
    calls: ['unknown_tool @- error', 'unknown_tool @- error'],
    errors: [
      "unknown_tool failed: Unknown tool name: 'unknown_tool'",
      'unknown_tool failed: Tool execution was interrupted',
      "Tool 'unknown_tool' exceeded max retries",
    ],
  },
  'ai-sdk-ui-pydanticai-cancelled-abort.sse': {
    outcome: 'interrupted',
    calls: ['tool @- complete'],
    data: ['abort'],
    check: (a) => expect(a.data?.[0]?.data).toEqual({ reason: 'The agent run was cancelled.' }),
  },
  'ai-sdk-ui-pydanticai-tool-approval-request.sse': {
    outcome: 'awaiting-input',
    calls: ['delete_file @- awaiting-input'],
    data: ['metadata'],
    check: (a) =>
      expect(callNamed(a, 'delete_file').input).toMatchObject({
        kind: 'approval',
        ref: 'delete_1',
        answer: null,
      }),
  },
  'ai-sdk-data-v4-anthropic-tool-then-answer.sse': {
    outcome: 'done',
    finish: 'stop',
    text: "I'll check the current weather in Paris for you.Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    calls: ['get_weather @- complete'],
    check: (a) => {
      expect(argsOf(a, 'get_weather')).toEqual({ location: 'Paris' });
      expect(a.usage).toEqual({ inputTokens: 389, outputTokens: 95, totalTokens: 484 });
    },
  },
  'ai-sdk-data-v4-openai-error.sse': {
    outcome: 'failed',
    text: '',
    errors: ['You exceeded your current quota'],
  },
  'ai-sdk-data-v4-mock-sources-and-data.sse': {
    outcome: 'done',
    finish: 'stop',
    text: 'According to the report, sales rose.',
    data: ['data', 'annotation'],
    check: (a) => expect(a.citations).toEqual([{ source: 'https://example.com/report', title: 'Report' }]),
  },
  'langgraph-agent-values.sse': {
    outcome: 'done',
    text: AGENT_TEXT,
    calls: AGENT_CALLS,
    data: ['metadata', 'values'],
  },
  'langgraph-agent-messages-partial.sse': {
    outcome: 'done',
    text: AGENT_TEXT,
    calls: AGENT_CALLS,
    data: ['metadata'],
  },
  'langgraph-agent-multi-mode-custom.sse': {
    outcome: 'done',
    text: AGENT_TEXT,
    calls: AGENT_CALLS,
    data: ['metadata', 'values', 'custom'],
  },
  'langgraph-agent-debug-tasks-checkpoints.sse': {
    outcome: 'done',
    text: AGENT_TEXT,
    calls: AGENT_CALLS,
    data: ['metadata', 'values'],
  },
  'langgraph-agent-events.sse': { outcome: 'done', text: AGENT_TEXT, calls: AGENT_CALLS, data: ['metadata'] },
  'langgraph-parallel-tools.sse': {
    outcome: 'done',
    data: ['metadata'],
    text: 'Paris: 18C and foggy; local time 09:41.',
    calls: ['get_weather @- complete', 'get_time @- complete'],
    check: (a) => {
      expect(argsOf(a, 'get_weather')).toEqual({ city: 'Paris' });
      expect(resultOf(a, 'get_time')).toBe('The time in Europe/Paris is 09:41.');
    },
  },
  'langgraph-supervisor-subgraphs-values.sse': {
    outcome: 'done',
    data: ['metadata', 'values'],
    text: 'Routing to researcher, then writer.',
    calls: SUPERVISOR_CALLS,
    check: supervisorSections,
  },
  // Legacy `messages` mode streams the models' messages only: the tool's result is not in it.
  'langgraph-supervisor-subgraphs-messages-partial.sse': {
    outcome: 'done',
    data: ['metadata'],
    text: 'Routing to researcher, then writer.',
    calls: SUPERVISOR_CALLS,
    check: (answer) => supervisorSections(answer, ''),
  },
  'langgraph-v2-supervisor-subgraphs.sse': {
    outcome: 'done',
    text: 'Routing to researcher, then writer.',
    calls: SUPERVISOR_CALLS,
    check: supervisorSections,
  },
  // Without `stream_subgraphs` the wire does not say which node is a subgraph: its messages come
  // from the `researcher` and `writer` nodes at the top, and are shown there.
  'langgraph-supervisor-no-subgraphs-messages.sse': {
    outcome: 'done',
    data: ['metadata'],
    text:
      'Routing to researcher, then writer.\n\nResearching.Research done: 18C and foggy in San Francisco.\n\n' +
      'Here is your forecast: a cool, foggy morning in San Francisco.',
    calls: ['get_weather @- complete'],
  },
  'langgraph-hitl-interrupt-2.sse': {
    outcome: 'awaiting-input',
    data: ['metadata'],
    text: "I'll draft and send that email.",
    calls: ['send_email @- awaiting-input'],
    check: interruptOn('send_email', '7e37379786c3a2e0d70b23a9995ea868'),
  },
  'langgraph-v2-hitl-interrupt.sse': {
    outcome: 'awaiting-input',
    text: "I'll draft and send that email.",
    calls: ['send_email @- awaiting-input'],
    check: interruptOn('send_email', '4438af1fe09733d87c5d3e4d9ef8322e'),
  },
  // A resumed thread: the call was made in the run before; its arguments come from the thread's state.
  'langgraph-hitl-resume-approve.sse': {
    outcome: 'done',
    data: ['metadata', 'values'],
    text: 'Done, the email was sent.',
    calls: ['send_email @- complete'],
    check: (a) => {
      expect(argsOf(a, 'send_email')).toEqual({ to: 'ops@example.com', subject: 'Weekly report' });
      expect(resultOf(a, 'send_email')).toBe('Email sent to ops@example.com (subject: Weekly report).');
    },
  },
  'langgraph-hitl-resume-reject.sse': {
    outcome: 'done',
    data: ['metadata'],
    text: 'OK, I did not send the email.',
    calls: ['send_email @- error'],
    errors: ['send_email failed: User rejected the tool call.'],
  },
  'langgraph-subgraph-interrupt-resume.sse': {
    outcome: 'done',
    data: ['metadata', 'values'],
    text: '',
    calls: ['asker @- complete'],
    check: (a) => expect(resultOf(a, 'asker')).toBe('You chose Lisbon.'),
  },
  'langgraph-breakpoint-in-subgraph.sse': {
    outcome: 'done',
    data: ['metadata', 'values'],
    text: '',
    calls: ['weather_graph @- complete', 'breakpoint @- complete'],
    check: (a) =>
      expect(callNamed(a, 'breakpoint').details.interrupt).toMatchObject({ kind: 'breakpoint', value: null }),
  },
  'langgraph-v2-error.sse': {
    outcome: 'failed',
    text: 'Starting the job.',
    errors: ['Boo! upstream service returned 500 (CustomError)'],
  },
  // The real LangGraph Platform recording (chat-langchain): a structured-output plan, research
  // in a subgraph (its query generation nested), then the answer.
  'langgraph-platform-chat-langchain-debug-messages.sse': {
    outcome: 'done',
    data: ['metadata', 'values'],
    text:
      "Hello! I'm here to help you with any questions you might have about LangChain. Is there something specific " +
      "you'd like to know about this framework for developing applications powered by large language models?",
    calls: ['Plan @- complete', 'conduct_research @- complete', 'Response @conduct_research complete'],
    check: (a) => {
      expect(argsOf(a, 'Plan')).toEqual({
        steps: ['Greet the user and ask about their specific LangChain-related question or issue'],
      });
      expect(argsOf(a, 'Response')).toEqual({
        queries: ['LangChain introduction', 'LangChain key features', 'LangChain common use cases'],
      });
    },
  },
};

function callsOf(answer: AssistantMessageState): ToolCallState[] {
  return answer.callOrder.map((id) => lookup(answer.calls, id)!);
}
function callNamed(answer: AssistantMessageState, name: string): ToolCallState {
  const call = callsOf(answer).find((entry) => entry.toolName === name);
  if (call === undefined) throw new Error(`no call named ${name}`);
  return call;
}
function argsOf(answer: AssistantMessageState, name: string): unknown {
  return callNamed(answer, name).args;
}
function resultOf(answer: AssistantMessageState, name: string): string {
  return callNamed(answer, name).result?.text ?? '';
}
function describeCall(answer: AssistantMessageState, call: ToolCallState): string {
  const parent = call.parentId === null ? '-' : lookup(answer.calls, call.parentId)!.toolName;
  return `${call.toolName} @${parent} ${call.status}`;
}

/** The recording's bytes cut at `cuts` (byte offsets, so UTF-8 characters may be split). */
async function* cutAt(bytes: Uint8Array, cuts: readonly number[]): AsyncIterable<Uint8Array> {
  let start = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= start || cut >= bytes.length) continue;
    yield bytes.subarray(start, cut);
    start = cut;
  }
  yield bytes.subarray(start);
}

async function read(bytes: Uint8Array, cuts: readonly number[] = []) {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(cutAt(bytes, cuts), {
    protocols: allProtocols,
    onState: (s) => {
      state = s;
    },
  });
  const final = state as unknown as ToolStreamState;
  return { snapshot, state: final, answer: final.messages.at(-1) as AssistantMessageState };
}

/** What the AI SDK's chunks say on their own: the text and reasoning deltas, and the sources. */
function uiChunks(text: string) {
  let answer = '';
  let reasoning = '';
  const sources = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const chunk = JSON.parse(line.slice(6)) as Record<string, unknown>;
    if (chunk.type === 'text-delta') answer += chunk.delta as string;
    if (chunk.type === 'reasoning-delta') reasoning += chunk.delta as string;
    if (chunk.type === 'source-url') sources.add(chunk.url as string);
  }
  return { answer, reasoning, sources };
}

const recordings: Recording[] = present
  ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as { recordings: Recording[] }).recordings
  : [];

describe.skipIf(!present)('peer recordings (../shared/real-streams/peer)', () => {
  it('has an expectation for every recording', () => {
    expect(recordings.map((r) => r.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const recording of recordings) {
    it(`${recording.file}: reads as its backend's user would see it`, async () => {
      const bytes = new Uint8Array(readFileSync(join(dir, 'wire', recording.file)));
      const expected = EXPECTED[recording.file]!;
      const { snapshot, state, answer } = await read(bytes);

      expect(state.run.protocol).toBe(PROTOCOL_OF[recording.format]);
      expect(snapshot.outcome).toBe(expected.outcome);
      if (expected.finish !== undefined) expect(snapshot.finishReason).toBe(expected.finish);
      // No error the stream does not hold: none of the protocol kind, and only the ones it says.
      expect(snapshot.errors.filter((e) => e.code === 'protocol')).toEqual([]);
      const errors = snapshot.errors.map((e) => e.message);
      expect(errors).toHaveLength(expected.errors?.length ?? 0);
      for (const [i, start] of (expected.errors ?? []).entries()) expect(errors[i]).toContain(start);

      if (recording.format === 'ai-sdk-ui-message-stream') {
        const chunks = uiChunks(new TextDecoder().decode(bytes));
        expect(snapshot.text).toBe(chunks.answer);
        expect(snapshot.reasoning).toBe(chunks.reasoning);
        for (const source of chunks.sources)
          expect(snapshot.citations.map((c) => c.source)).toContain(source);
      }
      if (expected.text !== undefined) expect(snapshot.text).toBe(expected.text);
      if (recording.format.startsWith('langgraph')) expect(snapshot.reasoning).toBe('');

      // The calls the recording holds (by id and name), and where each sits.
      for (const call of recording.contents.toolCalls ?? []) {
        const id = call.toolCallId ?? call.id!;
        expect(lookup(answer.calls, id)?.toolName).toBe(call.toolName ?? call.name ?? '');
      }
      for (const namespace of recording.contents.subgraphNamespaces ?? []) {
        expect(lookup(answer.calls, namespace)).toMatchObject({
          kind: 'delegation',
          toolName: namespace.split(':')[0],
        });
      }
      if (expected.calls !== undefined)
        expect(callsOf(answer).map((call) => describeCall(answer, call))).toEqual(expected.calls);
      expect((answer.data ?? []).map((part) => part.name)).toEqual(expected.data ?? []);
      expected.check?.(answer);

      // However the bytes are cut (a byte at a time for the small ones), the same.
      if (bytes.length <= 4000) {
        const bytewise = await read(
          bytes,
          Array.from({ length: bytes.length }, (_, i) => i),
        );
        expect(bytewise.snapshot).toEqual(snapshot);
        expect(bytewise.answer.data).toEqual(answer.data);
      }
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
          async (cuts) => {
            const cut = await read(bytes, cuts);
            expect(cut.snapshot).toEqual(snapshot);
            expect(cut.answer.data).toEqual(answer.data);
          },
        ),
        { numRuns: 6 },
      );
    });
  }
});
