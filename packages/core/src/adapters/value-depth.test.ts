import { describe, expect, it } from 'vitest';
import { parseArguments } from '../args/arguments.js';
import { reduceStream } from '../snapshot/reduce-stream.js';
import { createToolStreamStore } from '../store/create-store.js';
import type { AdapterDefinition } from './adapter.js';
import { cutDeeper, MAX_VALUE_DEPTH, nestsDeeper, TOO_DEEP } from './value-depth.js';

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number, leaf = '0') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

describe('the depth limit', () => {
  it('counts arrays and objects inside one another, 64 at most', () => {
    expect(MAX_VALUE_DEPTH).toBe(64);
    expect(nestsDeeper(JSON.parse(arrays(64)))).toBe(false);
    expect(nestsDeeper(JSON.parse(arrays(65)))).toBe(true);
    expect(nestsDeeper(JSON.parse(objects(64)))).toBe(false);
    expect(nestsDeeper(JSON.parse(objects(65)))).toBe(true);
    expect(nestsDeeper(JSON.parse(arrays(20_000)))).toBe(true);
    expect(nestsDeeper('text')).toBe(false);
  });

  it('cuts what is deeper, keeping the rest, its key order and own __proto__ keys', () => {
    const deep = JSON.parse(`{"z":1,"__proto__":${objects(70)},"a":[1,"x"]}`);
    const cut = cutDeeper(deep, 3) as Record<string, unknown>;
    expect(JSON.stringify(cut)).toBe(`{"z":1,"__proto__":{"a":{"a":"${TOO_DEEP}"}},"a":[1,"x"]}`);
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
    expect(Object.hasOwn(cut, '__proto__')).toBe(true);
    // 20,000 levels deep: no recursion, and the copy writes as JSON.
    expect(JSON.stringify(cutDeeper(JSON.parse(arrays(20_000))))).toBe(
      `${'['.repeat(64)}"${TOO_DEEP}"${']'.repeat(64)}`,
    );
  });

  it('makes arguments nested deeper than the limit invalid, never cut into something runnable', () => {
    expect(parseArguments(`{"a":${objects(63)}}`).ok).toBe(true);
    const result = parseArguments(`{"a":${objects(64)}}`);
    expect(result).toEqual({ ok: false, error: expect.stringContaining('nests more than 64 levels deep') });
  });
});

describe('values nested too deep in a stream', () => {
  it('are cut in the details, with one protocol error holding the frame and the call', async () => {
    const entry = (id: string) =>
      `{"call_id":"${id}","event_type":"call","tool_name":"t","tool_response":"","tool_call_details":{"deep":${arrays(20_000)},"ok":"yes"}}`;
    const frame = `{"message":"","citations":[],"tool_calls":[${entry('c1')},${entry('c2')}]}`;
    const snapshot = await reduceStream(`data: ${frame}\n\n`);
    expect(snapshot.errors).toEqual([
      { code: 'protocol', message: 'a value nested more than 64 levels deep was not kept whole (call "c1")' },
    ]);
    expect(snapshot.toolCalls.map((c) => c.details)).toEqual([
      { deep: JSON.parse(`${'['.repeat(64)}"${TOO_DEEP}"${']'.repeat(64)}`), ok: 'yes' },
      { deep: JSON.parse(`${'['.repeat(64)}"${TOO_DEEP}"${']'.repeat(64)}`), ok: 'yes' },
    ]);
    expect(() => JSON.stringify(snapshot)).not.toThrow();
  });

  it('make the final arguments an adapter hands over whole invalid', () => {
    const wholeArgs: AdapterDefinition = {
      name: 'whole-args',
      sniff: () => true,
      create: () => ({
        protocol: 'whole-args',
        push(frame, emit) {
          const args = JSON.parse(frame.data);
          const base = { callId: 'c', phase: 'call', details: null } as const;
          emit({
            ...base,
            type: 'tool-start',
            toolName: 't',
            kind: 'tool',
            parentCallId: null,
            agent: null,
            eventType: 'call',
          });
          emit({ ...base, type: 'tool-end', output: null, error: null, args });
        },
        end(emit) {
          emit({ type: 'done' });
        },
      }),
    };
    const store = createToolStreamStore({ protocol: wholeArgs, schedule: 'sync' });
    store.ingestFrame({ data: `{"a":${objects(70)}}` });
    store.complete();
    const answer = store.getState().messages.at(-1)!;
    expect(answer.role).toBe('assistant');
    if (answer.role !== 'assistant') return;
    expect(answer.calls.c).toMatchObject({
      args: null,
      argsError: 'the arguments nest more than 64 levels deep',
    });
    expect(store.getState().errors).toEqual([
      expect.objectContaining({
        code: 'protocol',
        callId: 'c',
        frame: expect.stringMatching(/^\{"a":\{"a":/),
      }),
    ]);
  });
});
