import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProtocolOption } from '../../src/adapters/auto.js';
import { allProtocols } from '../../src/adapters/providers/index.js';
import {
  type AssistantMessageState,
  reduceStream,
  type StreamSnapshot,
  type ToolStreamState,
} from '../../src/index.js';
import { type Expected, expectedProtocol, type Fixture, loadFixtures } from './fixtures.js';

const fixtures = loadFixtures();
const decoder = new TextDecoder();

/** A fixture's stream as a whole: text for text formats, bytes for binary ones. */
function wholeInput(fixture: Fixture): Parameters<typeof reduceStream>[0] {
  return fixture.binary ? cut(fixture.bytes, []) : decoder.decode(fixture.bytes);
}

/** The README's finish vocabulary (`tool_calls`, `content_filter`) in toolstream's (§7). */
const FINISH_VOCABULARY: Readonly<Record<string, string>> = {
  stop: 'stop',
  tool_calls: 'tool-calls',
  length: 'length',
  content_filter: 'content-filter',
  refusal: 'refusal',
  pause: 'pause',
  other: 'other',
};

/** Feeds bytes cut at the given offsets, as a network would. */
async function* cut(bytes: Uint8Array, offsets: readonly number[]): AsyncIterable<Uint8Array> {
  let start = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    yield bytes.subarray(start, offset);
    start = offset;
  }
  yield bytes.subarray(start);
}

async function reduceFixture(input: Parameters<typeof reduceStream>[0], protocol: ProtocolOption = 'auto') {
  let state: ToolStreamState | null = null;
  const snapshot = await reduceStream(input, {
    protocol,
    protocols: allProtocols,
    onState: (s) => {
      state = s;
    },
  });
  return { snapshot, state: state! as ToolStreamState };
}

function checkAgainstExpected(snapshot: StreamSnapshot, state: ToolStreamState, expected: Expected): void {
  // Client calls (tools the provider ran itself are checked below): the ones with parsed arguments.
  const clientCalls = snapshot.toolCalls.filter((call) => call.kind !== 'provider');
  const complete = clientCalls.filter((call) => call.arguments !== null);
  expect(complete.map((call) => call.tool_name)).toEqual(expected.toolCalls.map((call) => call.name));
  const ids = new Set(snapshot.toolCalls.map((call) => call.call_id));
  expect(ids.size).toBe(snapshot.toolCalls.length);
  expected.toolCalls.forEach((call, i) => {
    const actual = complete[i]!;
    expect(actual.is_complete || actual.event_type === 'result').toBe(true);
    expect(actual.arguments).toEqual(call.arguments);
    expect(typeof actual.arguments_raw).toBe('string');
    if (call.idSynthesized) {
      expect(typeof actual.call_id).toBe('string');
      expect(actual.call_id).not.toBe('');
      if (call.id !== null) expect(actual.call_id).not.toBe(call.id);
    } else {
      expect(actual.call_id).toBe(call.id);
    }
  });

  // Calls the wire opened and never closed.
  const incomplete = clientCalls.filter((call) => call.arguments === null);
  expect(incomplete).toHaveLength(expected.incompleteToolCalls?.length ?? 0);
  for (const call of expected.incompleteToolCalls ?? []) {
    const actual = incomplete.find((c) =>
      call.id === null ? c.tool_name === call.name : c.call_id === call.id,
    );
    expect(actual).toBeDefined();
    expect(actual!.is_complete).toBe(false);
    expect(actual!.tool_name).toBe(call.name);
    if (call.rawArguments !== undefined) expect(actual!.arguments_raw).toBe(call.rawArguments);
    if (call.status !== undefined) expect(actual!.status).toBe(call.status);
  }

  for (const result of expected.toolResults ?? []) {
    const call = snapshot.toolCalls.find((c) => c.call_id === result.toolCallId);
    expect(call?.event_type).toBe('result');
    expect(call?.output).toBe(result.content);
    expect(call?.is_complete).toBe(true);
  }

  expect(snapshot.text).toBe(expected.text);
  expect(snapshot.reasoning).toBe(expected.reasoning ?? '');

  const fatal = snapshot.errors.filter((error) => error.code === 'server');
  if (expected.error === null) {
    expect(snapshot.status).toBe('done');
    expect(fatal).toEqual([]);
  } else {
    expect(snapshot.status).toBe('error');
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.message).toContain(expected.error.message);
  }
  // Well-formed fixtures raise no protocol problems.
  expect(snapshot.errors.filter((error) => error.code === 'protocol')).toEqual([]);

  // How the run ended: the provider's stop reason (formats that have one), the turn's outcome.
  const finish = state.messages.findLast((m) => m.role === 'assistant')?.end?.finish ?? null;
  if (expected.finishReason !== undefined && expectedProtocol(expected) !== 'ag-ui') {
    if (expected.finishReason === null) expect(finish).toBeNull();
    else {
      expect(finish?.raw).toBe(expected.finishReason.raw);
      expect(snapshot.finishReason).toBe(FINISH_VOCABULARY[expected.finishReason.normalized]);
    }
  }
  if (expected.outcome !== undefined) expect(snapshot.outcome).toBe(expected.outcome);
  if (expected.usage !== undefined) expect(snapshot.usage).toEqual(expected.usage);
  if (expected.citations !== undefined) expect(snapshot.citations).toEqual(expected.citations);
  for (const citation of snapshot.citations) {
    // A span is a place in the answer text.
    if (citation.span) expect(citation.span.end).toBeLessThanOrEqual(snapshot.text.length);
  }

  // Tools the provider ran: shown with their input and result, never for the client to run.
  const providerCalls = snapshot.toolCalls.filter((call) => call.kind === 'provider');
  const expectedProviderCalls = expected.providerCalls ?? [];
  expect(
    providerCalls.map((call, i) => ({
      // A generated id (the wire gives none) is checked for being there, not for its value.
      id: expectedProviderCalls[i]?.id === null && call.call_id !== '' ? null : call.call_id,
      name: call.tool_name,
      arguments: call.arguments,
      output: call.output,
      ...(call.status === 'error' ? { error: errorOf(state, call.call_id) } : {}),
    })),
  ).toEqual(expectedProviderCalls);
}

/** The failure message of a call of the run's answer. */
function errorOf(state: ToolStreamState, callId: string): string {
  const answer = state.messages.findLast((m): m is AssistantMessageState => m.role === 'assistant');
  return answer?.calls[callId]?.error ?? '';
}

describe('provider fixtures', () => {
  it('finds the fixture directory and its fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  describe.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    it('reduces with protocol auto to the expected calls, text, reasoning, sources, end and error', async () => {
      const { snapshot, state } = await reduceFixture(wholeInput(fixture));
      checkAgainstExpected(snapshot, state, fixture.expected);
    });

    it('is recognised by auto as the right format', async () => {
      const { state } = await reduceFixture(wholeInput(fixture));
      expect(state.run.protocol).toBe(expectedProtocol(fixture.expected));
    });

    it('reduces the same with the protocol named explicitly', async () => {
      const auto = await reduceFixture(wholeInput(fixture));
      const named = await reduceFixture(wholeInput(fixture), expectedProtocol(fixture.expected));
      expect(named.snapshot).toEqual(auto.snapshot);
    });

    it('gives the same snapshot however the bytes are cut', async () => {
      const { snapshot: whole } = await reduceFixture(wholeInput(fixture));
      const offsets = fc.array(fc.integer({ min: 0, max: fixture.bytes.length }), { maxLength: 40 });
      await fc.assert(
        fc.asyncProperty(offsets, async (cuts) => {
          const { snapshot } = await reduceFixture(cut(fixture.bytes, cuts));
          expect(snapshot).toEqual(whole);
        }),
        { numRuns: 60 },
      );
    });

    it('gives the same snapshot when fed one byte at a time', async () => {
      const { snapshot: whole } = await reduceFixture(wholeInput(fixture));
      const everyByte = Array.from({ length: fixture.bytes.length }, (_, i) => i);
      const { snapshot } = await reduceFixture(cut(fixture.bytes, everyByte));
      expect(snapshot).toEqual(whole);
    });
  });
});
