/**
 * fast-check generators for the property tests: delegation runs with interleaved streaming
 * calls and non-ASCII text, together with what they must amount to (worked out from the model,
 * not by the code under test), plus ways to cut bytes and garbage to mix in.
 */
import fc from 'fast-check';
import type { ChatMessageResponse, ToolCallResponse, ToolEventType } from '../src/protocol/wire.js';
import { call, chunk, frame, type LineEnding, part } from './sse-builder.js';

/** Text that exercises UTF-8: emoji (also joined), CJK, accents, escapes, line breaks. */
export const richText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom(
    '日本語のテキスト',
    '中文分块',
    '🚀',
    '👩‍👩‍👧 family',
    'café naïve',
    'line\r\nbreak',
    'tab\t"q"\\',
    ' ',
  ),
);

/** One step of a stream, before steps are grouped into frames. */
export type Step =
  | { kind: 'tool'; entry: ToolCallResponse }
  | { kind: 'text'; text: string }
  | { kind: 'cite'; citations: string[] };

/** What a run must amount to. */
export interface ExpectedCall {
  call_id: string;
  tool_name: string;
  kind: 'tool' | 'delegation';
  parent_call_id: string | null;
  event_type: string;
  output: string;
  is_complete: boolean;
}

/** A generated run: its chunks in stream order and the outcome they must give. */
export interface RunModel {
  chunks: ChatMessageResponse[];
  text: string;
  citations: string[];
  calls: ExpectedCall[];
}

/** How a streamed phase ends. */
type Ending = 'last-part' | 'last-part-with-response' | 'complete-update';

/** The entries of one phase: its pieces as parts and a final chunk, or one complete update. */
export function phaseEntries(
  id: string,
  type: ToolEventType,
  name: string,
  pieces: readonly string[],
  ending: Ending | 'whole',
  details: Record<string, unknown> = {},
): ToolCallResponse[] {
  const whole = pieces.join('');
  if (ending === 'whole' || pieces.length === 0) return [call({ id, type, name, response: whole, details })];
  const leading = pieces.slice(0, -1).map((p) => part(id, p, { type, name, details }));
  const last = pieces.at(-1)!;
  switch (ending) {
    case 'last-part':
      return [...leading, part(id, last, { type, name, details, complete: true })];
    case 'last-part-with-response':
      return [...leading, part(id, last, { type, name, details, complete: true, response: whole })];
    case 'complete-update':
      return [
        ...leading,
        part(id, last, { type, name, details }),
        call({ id, type, name, response: whole, details }),
      ];
  }
}

const ending: fc.Arbitrary<Ending | 'whole'> = fc.constantFrom(
  'last-part',
  'last-part-with-response',
  'complete-update',
  'whole',
);
const pieces = fc.array(richText, { minLength: 1, maxLength: 4 });

/** A nested tool call: its call phase and its result phase, in order. */
const nestedCall = (index: number, parent: string) =>
  fc
    .record({
      name: fc.constantFrom('search', 'fetch_page', '読む', 'sql'),
      args: pieces,
      argsEnding: ending,
      result: pieces,
      resultEnding: ending,
      agent: fc.constantFrom('researcher', 'коды', '研究员'),
    })
    .map(({ name, args, argsEnding, result, resultEnding, agent }) => {
      const id = `n${index}`;
      const details = { parent_call_id: parent, agent };
      return {
        steps: [
          ...phaseEntries(id, 'call', name, args, argsEnding, details),
          ...phaseEntries(id, 'result', name, result, resultEnding, details),
        ].map((entry): Step => ({ kind: 'tool', entry })),
        expected: {
          call_id: id,
          tool_name: name,
          kind: 'tool' as const,
          parent_call_id: parent,
          event_type: 'result',
          output: result.join(''),
          is_complete: true,
        },
      };
    });

/** Merges scripts into one sequence, keeping each script's order; `choices` picks the script. */
export function interleave<T>(scripts: readonly (readonly T[])[], choices: readonly number[]): T[] {
  const queues = scripts.map((s) => [...s]).filter((s) => s.length > 0);
  const merged: T[] = [];
  let k = 0;
  while (queues.length > 0) {
    const pick = (choices.length === 0 ? 0 : choices[k++ % choices.length]!) % queues.length;
    merged.push(queues[pick]!.shift()!);
    if (queues[pick]!.length === 0) queues.splice(pick, 1);
  }
  return merged;
}

/** Groups steps into chunks of 1–3 steps each (a chunk may carry text, citations and calls). */
export function group(steps: readonly Step[], sizes: readonly number[]): ChatMessageResponse[] {
  const chunks: ChatMessageResponse[] = [];
  let i = 0;
  let k = 0;
  while (i < steps.length) {
    const size = sizes.length === 0 ? 1 : sizes[k++ % sizes.length]!;
    const slice = steps.slice(i, i + size);
    i += size;
    chunks.push(
      chunk({
        message: slice.flatMap((s) => (s.kind === 'text' ? [s.text] : [])).join(''),
        citations: slice.flatMap((s) => (s.kind === 'cite' ? s.citations : [])),
        tool_calls: slice.flatMap((s) => (s.kind === 'tool' ? [s.entry] : [])),
      }),
    );
  }
  return chunks;
}

/**
 * A delegation run: text, a delegation call, 0–3 nested calls whose phases stream, the
 * delegation's result streaming meanwhile, citations, more text; everything interleaved.
 */
export const delegationRun: fc.Arbitrary<RunModel> = fc
  .integer({ min: 0, max: 3 })
  .chain((nestedCount) =>
    fc.record({
      intro: richText,
      texts: fc.array(richText, { maxLength: 4 }),
      citations: fc.array(fc.array(fc.constantFrom('a.md', 'b.md', 'ç.md', '文档.pdf'), { maxLength: 3 }), {
        maxLength: 3,
      }),
      agent: fc.constantFrom('researcher', 'planner', '助手'),
      delegationResult: pieces,
      delegationEnding: ending,
      nested: fc.tuple(...Array.from({ length: nestedCount }, (_, i) => nestedCall(i + 1, 'd1'))),
      choices: fc.array(fc.nat({ max: 7 }), { maxLength: 40 }),
      sizes: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 20 }),
    }),
  )
  .map((run) => {
    const delegation: Step = {
      kind: 'tool',
      entry: call({ id: 'd1', type: 'delegation_call', name: 'delegate', details: { agent: run.agent } }),
    };
    const scripts: Step[][] = [
      phaseEntries('d1', 'delegation_result', 'delegate', run.delegationResult, run.delegationEnding).map(
        (entry): Step => ({ kind: 'tool', entry }),
      ),
      run.texts.map((text): Step => ({ kind: 'text', text })),
      run.citations.map((citations): Step => ({ kind: 'cite', citations })),
      ...run.nested.map((n) => n.steps),
    ];
    const steps: Step[] = [
      { kind: 'text', text: run.intro },
      delegation,
      ...interleave(scripts, run.choices),
    ];
    const expectedById = new Map<string, ExpectedCall>([
      [
        'd1',
        {
          call_id: 'd1',
          tool_name: 'delegate',
          kind: 'delegation',
          parent_call_id: null,
          event_type: 'delegation_result',
          output: run.delegationResult.join(''),
          is_complete: true,
        },
      ],
      ...run.nested.map((n): [string, ExpectedCall] => [n.expected.call_id, n.expected]),
    ]);
    const order: string[] = [];
    for (const step of steps) {
      if (step.kind === 'tool' && !order.includes(step.entry.call_id)) order.push(step.entry.call_id);
    }
    return {
      chunks: group(steps, run.sizes),
      text: steps.flatMap((s) => (s.kind === 'text' ? [s.text] : [])).join(''),
      citations: [...new Set(steps.flatMap((s) => (s.kind === 'cite' ? s.citations : [])))],
      calls: order.map((id) => expectedById.get(id)!),
    };
  });

/** SSE text of chunks with ids `1`…`n`, the given line ending, and keep-alive comments here and there. */
export function encodeRun(chunks: readonly ChatMessageResponse[], eol: LineEnding, commentEvery = 3): string {
  return chunks
    .map((c, i) =>
      frame(c, { id: String(i + 1), eol, ...(i % commentEvery === 0 ? { comment: 'keep-alive' } : {}) }),
    )
    .join('');
}

/** Line endings, CRLF most often. */
export const lineEnding: fc.Arbitrary<LineEnding> = fc.constantFrom<LineEnding>('\r\n', '\r\n', '\n', '\r');

/** Offsets that cut inside a multi-byte UTF-8 character or between `\r` and `\n`. */
export function trickyOffsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 1; i < bytes.length; i++) {
    const insideChar = (bytes[i]! & 0xc0) === 0x80;
    const insideCrlf = bytes[i - 1] === 13 && bytes[i] === 10;
    if (insideChar || insideCrlf) offsets.push(i);
  }
  return offsets;
}

/** How to cut a byte stream into reads. */
export type CutPlan = { kind: 'random'; offsets: number[] } | { kind: 'tricky' } | { kind: 'every-byte' };

export const cutPlan: fc.Arbitrary<CutPlan> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.nat(), { maxLength: 30 }).map((offsets): CutPlan => ({ kind: 'random', offsets })),
  },
  { weight: 2, arbitrary: fc.constant<CutPlan>({ kind: 'tricky' }) },
  { weight: 1, arbitrary: fc.constant<CutPlan>({ kind: 'every-byte' }) },
);

/** The offsets a plan cuts `bytes` at. */
export function planOffsets(plan: CutPlan, bytes: Uint8Array): number[] {
  switch (plan.kind) {
    case 'random':
      return plan.offsets.map((n) => n % Math.max(bytes.length, 1));
    case 'tricky':
      return trickyOffsets(bytes);
    case 'every-byte':
      return Array.from({ length: bytes.length }, (_, i) => i);
  }
}
