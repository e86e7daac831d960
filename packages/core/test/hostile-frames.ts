/**
 * Hostile content for the primary protocol (PROTOCOL.md §2), for hostile-input.property.test.ts.
 *
 * Generators produce small *specs* (so a counterexample prints in a few lines); `buildScenario`
 * writes them out as frames: the good frames of a run, and the same stream with bad frames and bad
 * entries mixed in. Values nested 20,000 deep and strings of megabytes exist only in the written
 * frames. What the good frames amount to is worked out by `expectedView`, a fold of the rules of
 * §2 over the good frames alone, never by the code under test.
 */
import fc from 'fast-check';
import { EXCERPT_LENGTH } from '../src/errors.js';
import type { ToolCallState, ToolStreamState } from '../src/reducer/state.js';
import { delegationRun, interleave, phaseEntries, type RunModel } from './arbitraries.js';
import { chunk, part } from './sse-builder.js';

// ── names that collide with built-ins ──────────────────────────────────────────────────────────

/**
 * Every own property name of `Object.prototype`, `Array.prototype` and `Function.prototype`
 * (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, `__defineGetter__`, `length`,
 * `bind`…), read when this module loads, before any stream is read. As call ids, parent ids and
 * detail keys these are ordinary names: a call named `__proto__` is a call like any other.
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  ...new Set(
    [Object.prototype, Array.prototype, Function.prototype].flatMap((p) => Object.getOwnPropertyNames(p)),
  ),
];

/** Short strings a careless table or parser trips over. */
const NASTY_STRINGS = [
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\u0000',
  'a\u0000b',
  '\ufeff',
  '\ufeffid',
  '\u2028\u2029',
  '__proto__.polluted',
  'constructor.prototype',
  'prototype',
  'status',
  '0',
  '-1',
  '1e3',
  '4294967295',
  ' ',
  '🚀',
  '👩‍👩‍👧',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  '\\u0000',
  '"',
  '\\',
];

/** A non-empty string that is likely to be a built-in's name, a lone surrogate, NUL, or odd. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }) },
);

/** Detail keys with a meaning of their own (nesting, the sub-agent, a tool's failure). */
const MEANINGFUL_KEYS = new Set(['parent_call_id', 'agent', 'error', 'status']);

/** A `tool_call_details` key: any hostile name but the meaningful ones (those are set on purpose). */
const detailKey = hostileString.filter((key) => !MEANINGFUL_KEYS.has(key));

// ── values, written only when a frame is ───────────────────────────────────────────────────────

/** About how deep a deeply nested value goes. */
export const DEEP = 20_000;

/**
 * How deep a value the state keeps may nest (PROTOCOL.md §2, "hostile input"): an array or
 * object deeper than this in a detail value is replaced by {@link TOO_DEEP}, and the frame gets
 * one protocol error for it.
 */
export const MAX_DEPTH = 64;
export const TOO_DEEP = '[nested too deep]';

/** A value to put in a frame: small JSON, nested ~20,000 deep, or a string of megabytes. */
export type Val =
  | { k: 'json'; v: unknown }
  | { k: 'deep'; shape: 'array' | 'object'; depth: number; key: string }
  | { k: 'huge'; unit: string; count: number };

/** The JSON text of a value, written without recursion (`JSON.stringify` cannot write 20,000 levels). */
export function valText(val: Val): string {
  switch (val.k) {
    case 'json':
      return JSON.stringify(val.v);
    case 'deep':
      return val.shape === 'array'
        ? '['.repeat(val.depth) + ']'.repeat(val.depth)
        : `${`{${JSON.stringify(val.key)}:`.repeat(val.depth)}0${'}'.repeat(val.depth)}`;
    case 'huge':
      return JSON.stringify(val.unit.repeat(val.count));
  }
}

const json = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Val> =>
  arbitrary.map((v): Val => ({ k: 'json', v }));

const deep = (...shapes: ('array' | 'object')[]): fc.Arbitrary<Val> =>
  fc
    .record({
      shape: fc.constantFrom(...shapes),
      depth: fc.integer({ min: DEEP - 2_000, max: DEEP + 2_000 }),
      key: fc.constantFrom('__proto__', 'constructor', 'a', 'tool_calls'),
    })
    .map((d): Val => ({ k: 'deep', ...d }));

/**
 * How often a value is nested ~20,000 deep: `deep` against {@link COMMON} for each other kind of
 * value (an integer; the `deep` test raises it).
 */
export interface Weights {
  deep: number;
}

/** The weight of each ordinary kind of value. */
const COMMON = 60;

/** One of `common`, or (with weight `w.deep` against {@link COMMON} each) a deeply nested value. */
function oneof(w: Weights, common: fc.Arbitrary<Val>[], nested: fc.Arbitrary<Val>): fc.Arbitrary<Val> {
  return fc.oneof(
    ...common.map((arbitrary) => ({ weight: COMMON, arbitrary })),
    ...(w.deep > 0 ? [{ weight: w.deep, arbitrary: nested }] : []),
  );
}

const smallObject = fc
  .dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .map((o) => ({ ...o }));
const smallArray = fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 });
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 1e21),
);
const text = fc.oneof(hostileString, fc.constantFrom('', 'true', 'false', 'call', 'null', '{}', '[]'));

/** What a field that must be a string can hold instead (not `null`, which means "absent"). */
const notString = (w: Weights) =>
  oneof(w, [json(number), json(fc.boolean()), json(smallObject), json(smallArray)], deep('array', 'object'));

/** What a field that must be a boolean can hold instead. */
const notBoolean = (w: Weights) =>
  oneof(w, [json(text), json(number), json(smallObject), json(smallArray)], deep('array', 'object'));

/** What `tool_call_details` can hold instead of an object. */
const notObject = (w: Weights) =>
  oneof(w, [json(text), json(number), json(fc.boolean()), json(smallArray)], deep('array'));

/** What `citations` or `tool_calls` can hold instead of an array. */
const notArray = (w: Weights) =>
  oneof(
    w,
    [
      json(text),
      json(number),
      json(fc.boolean()),
      json(smallObject),
      // A single entry, not wrapped in an array.
      json(
        fc.constant({
          call_id: 'c',
          event_type: 'call',
          tool_name: 't',
          tool_response: 'r',
          tool_call_details: {},
        }),
      ),
    ],
    deep('object'),
  );

/** A `tool_calls` entry (or a citation) that is not an object (or a string). */
const notEntry = (w: Weights, allowString: boolean) =>
  oneof(
    w,
    [
      allowString ? json(text) : json(number),
      json(number),
      json(fc.boolean()),
      json(fc.constant(null)),
      json(smallArray),
    ],
    deep('array'),
  );

/** An `event_type` that is none of the four. */
const unknownEventType = fc
  .oneof(
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc.constantFrom(
      'Call',
      'RESULT',
      'call ',
      ' call',
      'delegation',
      'tool_call',
      'delegation-call',
      'call\u0000',
      '',
    ),
    fc.string({ maxLength: 12 }),
  )
  .filter((type) => !['call', 'result', 'delegation_call', 'delegation_result'].includes(type));

// ── good content: hostile names used legitimately ──────────────────────────────────────────────

type PhaseEnding = 'last-part' | 'last-part-with-response' | 'complete-update' | 'whole' | 'open';

/** One phase of a call: its pieces, and how it ends (`open`: it never does). */
export interface PhaseSpec {
  pieces: string[];
  ending: PhaseEnding;
}

/** A well-formed call whose id, name, parent and detail keys are hostile names. */
export interface HostileCallSpec {
  id: string;
  name: string;
  kind: 'tool' | 'delegation';
  phases: 'both' | 'call-only' | 'result-only';
  call: PhaseSpec;
  result: PhaseSpec;
  /** `earlier`: a delegation among the calls before it; `named`: any id (maybe no call has it). */
  parent: { k: 'none' } | { k: 'earlier'; pick: number } | { k: 'named'; id: string };
  callDetails: [string, Val][];
  resultDetails: [string, Val][];
}

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 2, arbitrary: hostileString },
);

const phaseSpec = fc.record({
  pieces: fc.array(piece, { minLength: 1, maxLength: 3 }),
  ending: fc.constantFrom<PhaseEnding>(
    'last-part',
    'last-part-with-response',
    'complete-update',
    'whole',
    'open',
  ),
});

const detailValue = (w: Weights) =>
  oneof(
    w,
    [json(fc.jsonValue({ maxDepth: 2 })), json(fc.jsonValue({ maxDepth: 2 })), json(hostileString)],
    deep('array', 'object'),
  );

const details = (w: Weights) =>
  fc.uniqueArray(fc.tuple(detailKey, detailValue(w)), { maxLength: 4, selector: ([key]) => key });

const hostileCall = (w: Weights): fc.Arbitrary<Omit<HostileCallSpec, 'id'>> =>
  fc.record({
    name: hostileString,
    kind: fc.constantFrom<'tool' | 'delegation'>('tool', 'delegation'),
    phases: fc.constantFrom<HostileCallSpec['phases']>('both', 'both', 'call-only', 'result-only'),
    call: phaseSpec,
    result: phaseSpec,
    parent: fc.oneof(
      fc.constant({ k: 'none' as const }),
      fc.nat().map((pick) => ({ k: 'earlier' as const, pick })),
      hostileString.map((id) => ({ k: 'named' as const, id })),
    ),
    callDetails: details(w),
    resultDetails: details(w),
  });

/**
 * One call per built-in name (every one of {@link PROTOTYPE_NAMES}): that name is its id, its
 * tool name and a key of its details, and (every other call) it nests under the delegation before
 * it. `phases` and `ending` vary the shape of the calls from one case to the next.
 */
export function everyNameCalls(variant: number): HostileCallSpec[] {
  const endings: PhaseEnding[] = ['last-part', 'last-part-with-response', 'complete-update', 'whole', 'open'];
  return PROTOTYPE_NAMES.filter((name) => !RUN_IDS.has(name)).map((name, i): HostileCallSpec => {
    const ending = endings[(i + variant) % endings.length]!;
    return {
      id: name,
      name,
      kind: i % 2 === 0 ? 'delegation' : 'tool',
      phases: (['both', 'call-only', 'result-only'] as const)[(i + variant) % 3]!,
      call: { pieces: [name, '\ud800'], ending },
      result: { pieces: [`${name}:`, 'out'], ending },
      parent: i % 2 === 0 ? { k: 'none' } : { k: 'earlier', pick: i + variant },
      callDetails: [[name, { k: 'json', v: name }]],
      resultDetails: [[PROTOTYPE_NAMES[(i + 1) % PROTOTYPE_NAMES.length]!, { k: 'json', v: { [name]: i } }]],
    };
  });
}

/** Ids the delegation run of arbitraries.ts uses. */
const RUN_IDS = new Set(['d1', 'n1', 'n2', 'n3']);

const hostileCalls = (w: Weights): fc.Arbitrary<HostileCallSpec[]> =>
  fc
    .uniqueArray(
      hostileString.filter((id) => !RUN_IDS.has(id)),
      { minLength: 1, maxLength: 8 },
    )
    .chain((ids) => fc.tuple(...ids.map((id) => hostileCall(w).map((spec) => ({ id, ...spec })))));

// ── bad content ────────────────────────────────────────────────────────────────────────────────

type EntryField =
  | 'call_id'
  | 'event_type'
  | 'tool_name'
  | 'tool_response'
  | 'tool_call_details'
  | 'stream_part'
  | 'is_complete';

/** A `tool_calls` entry that must be rejected with exactly one protocol error. */
export type BadEntry =
  | { k: 'not-object'; value: Val }
  /** An otherwise well-formed entry (for `call_id`, maybe of a good call) with one field wrong. */
  | { k: 'field'; field: EntryField; value: Val | 'absent'; callId: number; base: BaseEntry }
  /** A part (or a complete update) for a phase that already completed; `pick` chooses which. */
  | { k: 'late'; pick: number; streamed: boolean };

interface BaseEntry {
  id: string;
  type: 'call' | 'result' | 'delegation_call' | 'delegation_result';
  streamed: boolean;
  complete: boolean;
}

const baseEntry: fc.Arbitrary<BaseEntry> = fc.record({
  id: hostileString,
  type: fc.constantFrom('call', 'result', 'delegation_call', 'delegation_result'),
  streamed: fc.boolean(),
  complete: fc.boolean(),
});

const fieldValue = (field: EntryField, w: Weights): fc.Arbitrary<Val | 'absent'> => {
  switch (field) {
    case 'call_id':
      return fc.oneof(
        fc.constant<'absent'>('absent'),
        json(fc.constant('')),
        json(fc.constant(null)),
        notString(w),
      );
    case 'event_type':
      return fc.oneof(
        { weight: 3, arbitrary: json(unknownEventType) },
        { weight: 1, arbitrary: fc.constant<'absent'>('absent') },
        { weight: 1, arbitrary: json(fc.constant(null)) },
        { weight: 2, arbitrary: notString(w) },
      );
    case 'tool_name':
    case 'tool_response':
    case 'stream_part':
      return notString(w);
    case 'is_complete':
      return notBoolean(w);
    case 'tool_call_details':
      return notObject(w);
  }
};

const FIELDS: EntryField[] = [
  'call_id',
  'event_type',
  'tool_name',
  'tool_response',
  'tool_call_details',
  'stream_part',
  'is_complete',
];

const badEntry = (w: Weights): fc.Arbitrary<BadEntry> =>
  fc.oneof(
    { weight: 2, arbitrary: notEntry(w, true).map((value): BadEntry => ({ k: 'not-object', value })) },
    {
      weight: 7,
      arbitrary: fc.constantFrom(...FIELDS).chain((field) =>
        fc.record({
          k: fc.constant('field' as const),
          field: fc.constant(field),
          value: fieldValue(field, w),
          callId: fc.nat(),
          base: baseEntry,
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.record({ k: fc.constant('late' as const), pick: fc.nat(), streamed: fc.boolean() }),
    },
  );

/**
 * Something bad mixed into a stream, and (in `buildScenario`) how many protocol errors it must
 * cause. New frames go in at `at`; the others go into the good frame `into`.
 */
export type Mutation =
  /** Data that is not JSON (never empty, never `[DONE]`; no line breaks, so it stays one frame). */
  | { k: 'garbage'; text: string; at: number }
  /** JSON that is not an object. */
  | { k: 'not-object'; value: Val; at: number }
  /** An object with none of `message`, `citations`, `tool_calls` (nor a gateway `error`). */
  | { k: 'foreign'; fields: [string, Val][]; at: number }
  /** A good frame's JSON, broken: cut short, a BOM before it, or a raw NUL inside it. */
  | { k: 'broken-copy'; of: number; how: 'truncate' | 'bom' | 'nul'; cut: number; at: number }
  /** A new frame with one top-level field of the wrong type (and maybe bad entries too). */
  | {
      k: 'bad-field';
      field: 'message' | 'citations' | 'tool_calls';
      value: Val;
      entries: BadEntry[];
      at: number;
    }
  /** Values that are not strings among a good frame's citations: one error, its strings still count. */
  | { k: 'bad-citations'; into: number; values: { value: Val; pos: number }[] }
  /** Bad entries among a good frame's entries: one error each, the good entries still apply. */
  | { k: 'bad-entries'; into: number; entries: { entry: BadEntry; pos: number }[] }
  /** A new frame of bad entries only, maybe with hostile but valid text. */
  | { k: 'bad-entries-frame'; entries: BadEntry[]; at: number };

const garbageText = fc
  .oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom(
      '{',
      '}',
      '{"message": "cut',
      '{"tool_calls": [',
      "{'message': ''}",
      'undefined',
      'NaN',
      '{}{}',
    ),
  )
  .map((s) => s.replace(/[\r\n]/g, ' '))
  .filter((s) => !couldBeGood(s));

/** Whether data might be a good frame (a JSON object, `[DONE]`) or no frame at all (empty). */
function couldBeGood(data: string): boolean {
  if (data === '' || data === '[DONE]') return true;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

const FRAME_FIELDS = new Set(['message', 'citations', 'tool_calls', 'error']);

const mutation = (w: Weights): fc.Arbitrary<Mutation> => {
  const at = fc.nat();
  const entries = fc.array(badEntry(w), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ k: fc.constant('garbage' as const), text: garbageText, at }) },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('not-object' as const),
        value: oneof(
          w,
          [json(number), json(text), json(fc.boolean()), json(fc.constant(null)), json(smallArray)],
          deep('array'),
        ),
        at,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        k: fc.constant('foreign' as const),
        fields: fc.oneof(
          {
            weight: COMMON,
            arbitrary: fc.uniqueArray(
              fc.tuple(
                hostileString.filter((key) => !FRAME_FIELDS.has(key)),
                oneof(w, [json(fc.jsonValue({ maxDepth: 2 }))], deep('array', 'object')),
              ),
              { maxLength: 4, selector: ([key]) => key },
            ),
          },
          // A whole payload nested ~20,000 deep: {"__proto__":{"__proto__":…}}.
          {
            weight: Math.max(w.deep, 1),
            arbitrary: deep('object')
              .filter((v) => v.k === 'deep' && !FRAME_FIELDS.has(v.key))
              .map((v): [string, Val][] => (v.k === 'deep' ? [[v.key, { ...v, depth: v.depth - 1 }]] : [])),
          },
        ),
        at,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('broken-copy' as const),
        of: fc.nat(),
        how: fc.constantFrom<'truncate' | 'bom' | 'nul'>('truncate', 'bom', 'nul'),
        cut: fc.nat(),
        at,
      }),
    },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom<'message' | 'citations' | 'tool_calls'>('message', 'citations', 'tool_calls')
        .chain((field) =>
          fc.record({
            k: fc.constant('bad-field' as const),
            field: fc.constant(field),
            value: field === 'message' ? notString(w) : notArray(w),
            entries:
              field === 'tool_calls' ? fc.constant<BadEntry[]>([]) : fc.array(badEntry(w), { maxLength: 2 }),
            at,
          }),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('bad-citations' as const),
        into: fc.nat(),
        values: fc.array(fc.record({ value: notEntry(w, false), pos: fc.nat() }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        k: fc.constant('bad-entries' as const),
        into: fc.nat(),
        entries: fc.array(fc.record({ entry: badEntry(w), pos: fc.nat() }), { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('bad-entries-frame' as const), entries, at }) },
  );
};

// ── scenarios ──────────────────────────────────────────────────────────────────────────────────

/** A whole test case: a run, hostile but good calls, what goes wrong, and how the stream is sent. */
export interface Scenario {
  run: RunModel;
  calls: HostileCallSpec[];
  /** How the hostile calls' entries interleave, and how they are grouped into frames. */
  callChoices: number[];
  sizes: number[];
  /** Hostile but valid assistant text and citations, one per frame of hostile calls. */
  messages: string[];
  citations: string[][];
  /** How the run's frames and the hostile calls' frames interleave. */
  frameChoices: number[];
  mutations: Mutation[];
  protocol: 'auto' | 'chat-message-response';
  /** Lone surrogates written raw in the text forms (the JSON texts escape them otherwise). */
  rawSurrogates: boolean;
  /** Strings of megabytes (the `huge` test only). */
  huge?: HugeSpec;
}

/**
 * Strings of `count` times `unit`: a good call whose id, first part, response and a detail value
 * are that long; a bad frame that long; and a frame of `badEntries` bad entries, one of them
 * carrying the long string.
 */
export interface HugeSpec {
  unit: string;
  count: number;
  badEntries: number;
}

function hugeCall(h: HugeSpec): HostileCallSpec {
  const big = h.unit.repeat(h.count);
  return {
    id: big,
    name: h.unit,
    kind: 'tool',
    phases: 'both',
    call: { pieces: [big, 'end'], ending: 'last-part' },
    result: { pieces: [big], ending: 'whole' },
    parent: { k: 'none' },
    callDetails: [['huge', { k: 'huge', unit: h.unit, count: h.count }]],
    resultDetails: [],
  };
}

/** Scenarios; `weights.deep` says how often a value is nested ~20,000 deep (see {@link Weights}). */
export function scenario(weights: Weights = { deep: 1 }, maxMutations = 12): fc.Arbitrary<Scenario> {
  return fc.record({
    run: delegationRun,
    calls: hostileCalls(weights),
    callChoices: fc.array(fc.nat({ max: 7 }), { maxLength: 30 }),
    sizes: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 10 }),
    messages: fc.array(fc.oneof(fc.constant(''), hostileString), { maxLength: 10 }),
    citations: fc.array(fc.array(hostileString, { maxLength: 2 }), { maxLength: 10 }),
    frameChoices: fc.array(fc.nat({ max: 3 }), { maxLength: 30 }),
    mutations: fc.array(mutation(weights), { minLength: 1, maxLength: maxMutations }),
    protocol: fc.constantFrom<'auto' | 'chat-message-response'>('auto', 'chat-message-response'),
    rawSurrogates: fc.boolean(),
  });
}

// ── writing frames ─────────────────────────────────────────────────────────────────────────────

const NONCE = Math.random().toString(36).slice(2);
const SPLICE = new RegExp(`"@@splice-${NONCE}-(\\d+)@@"`, 'g');

/** The texts of the splices met while a frame is written. */
let splices: string[] = [];

/**
 * A value written into a frame as the given JSON text (deep and huge values): JSON.stringify
 * writes a marker in its place, which `writeJson` then replaces.
 */
class Splice {
  constructor(
    readonly text: string,
    /** Nested deeper than the core keeps (MAX_VALUE_DEPTH). */
    readonly deep = false,
  ) {}
  toJSON(): string {
    return `@@splice-${NONCE}-${splices.push(this.text) - 1}@@`;
  }
}

/** JSON text of a frame whose values may be {@link Splice}s. */
function writeJson(value: unknown): string {
  splices = [];
  const written = JSON.stringify(value);
  const texts = splices;
  return texts.length === 0 ? written : written.replace(SPLICE, (_, i: string) => texts[Number(i)]!);
}

/** A value for a frame. */
function place(val: Val): unknown {
  return val.k === 'json' ? val.v : new Splice(valText(val), val.k === 'deep' && val.depth > MAX_DEPTH);
}

/** An object whose keys are all own data properties (`__proto__` included). */
function record(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/** Escaped lone surrogates (`\ud800`, as JSON.stringify writes them) written raw instead. */
function unescapeSurrogates(text: string): string {
  return text.replace(
    /(?<!\\)((?:\\\\)*)\\u(d[89a-f][0-9a-f]{2})/g,
    (_, slashes: string, hex: string) => `${slashes}${String.fromCharCode(Number.parseInt(hex, 16))}`,
  );
}

/** One frame of a scenario, in the forms the entry points need. */
export interface WrittenFrame {
  /** The data as sent in text form (lone surrogates raw when the scenario says so). */
  raw: string;
  /** The same data as JSON.stringify would write its parsed value (what an excerpt of a parsed payload shows). */
  canonical: string;
  /**
   * The protocol errors this frame must cause: one per offence, plus one when a good entry's
   * details hold a value nested deeper than {@link MAX_DEPTH} (cut, and reported once a frame).
   */
  offences: number;
}

/** A scenario written out. */
export interface BuiltScenario {
  /** The good frames alone. */
  clean: WrittenFrame[];
  /** The good frames with the bad ones mixed in (good frames may carry bad entries). */
  dirty: WrittenFrame[];
  /** What the good frames amount to (PROTOCOL.md §2), from the good frames alone. */
  expected: View;
  /** Calls that must be in the state exactly so: the hostile ones, with their outputs. */
  hostileCalls: { id: string; output: string; parentId: string | null; complete: boolean }[];
}

type Frame = Record<string, unknown> & { tool_calls?: unknown; citations?: unknown };

/** One frame being assembled: its object, the errors it must cause, and the good frame it came from. */
interface Draft {
  frame: Frame | { text: string };
  offences: number;
  /** The entries of the good frame it was made from (none for a bad frame). */
  entries: readonly unknown[] | null;
  /** Whether non-strings were put among its citations already (one error for the field). */
  badCitations: boolean;
  /** Late entries to resolve (at their place in `tool_calls`) once the order of frames is final. */
  late: { index: number; spec: Extract<BadEntry, { k: 'late' }> }[];
}

function badDraft(frame: Frame | { text: string }, offences: number): Draft {
  return { frame, offences, entries: null, badCitations: false, late: [] };
}

/** Writes a scenario out: good frames, bad frames, and the expected outcome. */
export function buildScenario(s: Scenario): BuiltScenario {
  const calls = s.huge === undefined ? s.calls : [...s.calls, hugeCall(s.huge)];
  const hostileFrames = hostileCallFrames(s, calls);
  const goodFrames: Frame[] = interleave<Frame>(
    [s.run.chunks.map((c) => ({ ...c }) as Frame), hostileFrames],
    s.frameChoices,
  );
  // Copies: bad entries and citations go into the copy; the clean stream keeps the original.
  const drafts: Draft[] = goodFrames.map((frame) => ({
    frame: { ...frame },
    offences: 0,
    entries: (frame.tool_calls ?? []) as unknown[],
    badCitations: false,
    late: [],
  }));
  const goodIds = goodFrames.flatMap((f) =>
    Array.isArray(f.tool_calls) ? f.tool_calls.map((e: { call_id: string }) => e.call_id) : [],
  );

  // `auto` decides on the first frame (plain text would rightly make it typed-events): there the
  // stream starts with a good frame. A named protocol takes bad frames anywhere.
  const first = s.protocol === 'auto' ? 1 : 0;
  const insert = (at: number, draft: Draft) => {
    drafts.splice(first + (at % (drafts.length - first + 1)), 0, draft);
  };
  const intoGood = (into: number) => drafts.filter((d) => d.entries !== null)[into % goodFrames.length]!;

  if (s.huge !== undefined) {
    const big = s.huge.unit.repeat(s.huge.count);
    insert(s.huge.count, badDraft({ text: `{"message":"${big.replace(/[\r\n]/g, ' ')}` }, 1));
    const entries = Array.from({ length: s.huge.badEntries }, (_, i) =>
      record([
        ['call_id', `bad${i}`],
        ['event_type', 'nope'],
        ['tool_response', i === 0 ? big : 'r'],
      ]),
    );
    insert(s.huge.badEntries, badDraft({ message: '', citations: [], tool_calls: entries }, entries.length));
  }

  for (const m of s.mutations) {
    switch (m.k) {
      case 'garbage':
        insert(m.at, badDraft({ text: m.text }, 1));
        break;
      case 'not-object':
        insert(m.at, badDraft({ text: valText(m.value) }, 1));
        break;
      case 'foreign':
        insert(m.at, badDraft(record(m.fields.map(([key, value]) => [key, place(value)] as const)), 1));
        break;
      case 'broken-copy': {
        const original = writeJson(goodFrames[m.of % goodFrames.length]);
        const cut = m.cut % original.length;
        const text =
          m.how === 'truncate'
            ? original.slice(0, Math.max(1, cut))
            : m.how === 'bom'
              ? `\ufeff${original}`
              : `${original.slice(0, cut)}\u0000${original.slice(cut)}`;
        insert(m.at, badDraft({ text }, 1));
        break;
      }
      case 'bad-field': {
        const frame: Frame = { message: '', citations: [], tool_calls: [] };
        frame[m.field] = place(m.value);
        const draft = badDraft(frame, 1);
        addEntries(draft, m.entries, goodIds);
        insert(m.at, draft);
        break;
      }
      case 'bad-citations': {
        const draft = intoGood(m.into);
        const frame = draft.frame as Frame;
        const citations = [...(frame.citations as unknown[])];
        for (const { value, pos } of m.values)
          citations.splice(pos % (citations.length + 1), 0, place(value));
        frame.citations = citations;
        // One error for the field, however many of its values are wrong.
        if (!draft.badCitations) draft.offences += 1;
        draft.badCitations = true;
        break;
      }
      case 'bad-entries': {
        const draft = intoGood(m.into);
        const frame = draft.frame as Frame;
        const entries = [...(frame.tool_calls as unknown[])];
        for (const { entry, pos } of m.entries) {
          const index = pos % (entries.length + 1);
          // Late entries keep their place and are resolved later; shift the ones after them.
          for (const late of draft.late) if (late.index >= index) late.index += 1;
          if (entry.k === 'late') draft.late.push({ index, spec: entry });
          entries.splice(index, 0, entry.k === 'late' ? null : badEntryValue(entry, goodIds));
          draft.offences += 1;
        }
        frame.tool_calls = entries;
        break;
      }
      case 'bad-entries-frame': {
        const draft = badDraft({ message: '', citations: [], tool_calls: [] }, 0);
        addEntries(draft, m.entries, goodIds);
        insert(m.at, draft);
        break;
      }
    }
  }

  resolveLateEntries(drafts);

  const write = (draft: Draft, goodEntries: readonly unknown[] | null): WrittenFrame => {
    const canonical = 'text' in draft.frame ? (draft.frame.text as string) : writeJson(draft.frame);
    return {
      raw: s.rawSurrogates ? unescapeSurrogates(canonical) : canonical,
      canonical,
      offences: draft.offences + (goodEntries !== null && holdsTooDeep(goodEntries) ? 1 : 0),
    };
  };
  const clean = goodFrames.map((frame) => write(badDraft(frame, 0), (frame.tool_calls ?? []) as unknown[]));
  return {
    clean,
    dirty: drafts.map((draft) => write(draft, draft.entries)),
    expected: expectedView(clean.map((f) => JSON.parse(f.canonical))),
    hostileCalls: hostileExpectations(calls),
  };
}

/** Whether any of a frame's good entries has a detail value nested deeper than {@link MAX_DEPTH}. */
function holdsTooDeep(entries: readonly unknown[]): boolean {
  return entries.some((entry) => {
    const details = (entry as { tool_call_details?: Record<string, unknown> }).tool_call_details ?? {};
    return Object.values(details).some((value) => value instanceof Splice && value.deep);
  });
}

function addEntries(draft: Draft, entries: readonly BadEntry[], goodIds: readonly string[]): void {
  const list = (draft.frame as Frame).tool_calls as unknown[];
  for (const entry of entries) {
    if (entry.k === 'late') draft.late.push({ index: list.length, spec: entry });
    list.push(entry.k === 'late' ? null : badEntryValue(entry, goodIds));
    draft.offences += 1;
  }
}

/** The value of a bad entry (late ones are resolved later). */
function badEntryValue(entry: Exclude<BadEntry, { k: 'late' }>, goodIds: readonly string[]): unknown {
  if (entry.k === 'not-object') return place(entry.value);
  const { base } = entry;
  // Half of the wrong entries name a call of the good stream: they must not change it.
  const id = entry.callId % 2 === 0 && goodIds.length > 0 ? goodIds[entry.callId % goodIds.length]! : base.id;
  const fields: [string, unknown][] = [
    ['call_id', id],
    ['event_type', base.type],
    ['tool_name', 'bad'],
    ['tool_response', 'bad'],
    ['tool_call_details', record([['parent_call_id', id]])],
    ['is_complete', base.complete],
  ];
  if (base.streamed) fields.push(['stream_part', 'bad']);
  const at = fields.findIndex(([key]) => key === entry.field);
  if (entry.value === 'absent') {
    if (at >= 0) fields.splice(at, 1);
  } else if (at >= 0) fields[at] = [entry.field, place(entry.value)];
  else fields.push([entry.field, place(entry.value)]);
  return record(fields);
}

/**
 * Replaces each late entry by a part (or complete update) for a phase that completed in an
 * earlier good frame (a result phase also closes its call phase: PROTOCOL.md §2, "two phases").
 * When nothing has completed yet, the entry becomes one with an unknown `event_type`: still one
 * error.
 */
function resolveLateEntries(drafts: readonly Draft[]): void {
  const closed: { id: string; phase: 'call' | 'result' }[] = [];
  const seen = new Set<string>();
  const close = (id: string, phase: 'call' | 'result') => {
    const key = `${phase}:${id}`;
    if (seen.has(key)) return;
    seen.add(key);
    closed.push({ id, phase });
  };
  for (const draft of drafts) {
    const frame = draft.frame as Frame;
    for (const { index, spec } of draft.late) {
      const target = closed.length === 0 ? null : closed[spec.pick % closed.length]!;
      const entry: [string, unknown][] =
        target === null
          ? [
              ['call_id', 'late'],
              ['event_type', 'late'],
            ]
          : [
              ['call_id', target.id],
              ['event_type', target.phase],
              ['tool_name', 'late'],
              ['tool_response', 'late'],
              ['tool_call_details', {}],
              ['is_complete', !spec.streamed],
            ];
      if (target !== null && spec.streamed) entry.push(['stream_part', 'late']);
      (frame.tool_calls as unknown[])[index] = record(entry);
    }
    for (const e of (draft.entries ?? []) as Record<string, unknown>[]) {
      const id = e.call_id as string;
      const phase = e.event_type === 'result' || e.event_type === 'delegation_result' ? 'result' : 'call';
      if (phase === 'result') close(id, 'call');
      if (typeof e.stream_part !== 'string' || e.is_complete !== false) close(id, phase);
    }
  }
}

/** The hostile calls' entries, interleaved and grouped into frames with hostile text and citations. */
function hostileCallFrames(s: Scenario, calls: readonly HostileCallSpec[]): Frame[] {
  const scripts = calls.map((spec, index) => callEntries(spec, parentOf(calls, index)));
  const entries = interleave(scripts, s.callChoices);
  const frames: Frame[] = [];
  let i = 0;
  let k = 0;
  while (i < entries.length) {
    const size = s.sizes.length === 0 ? 1 : s.sizes[k % s.sizes.length]!;
    frames.push(
      chunk({
        message: s.messages[k % Math.max(s.messages.length, 1)] ?? '',
        citations: s.citations[k % Math.max(s.citations.length, 1)] ?? [],
        tool_calls: entries.slice(i, i + size) as never,
      }) as unknown as Frame,
    );
    i += size;
    k += 1;
  }
  return frames;
}

/** The parent a hostile call names, or `null`. */
function parentOf(calls: readonly HostileCallSpec[], index: number): string | null {
  const spec = calls[index]!;
  switch (spec.parent.k) {
    case 'none':
      return null;
    case 'earlier': {
      const delegations = calls.slice(0, index).filter((c) => c.kind === 'delegation');
      return delegations.length === 0 ? null : delegations[spec.parent.pick % delegations.length]!.id;
    }
    case 'named':
      return spec.parent.id === spec.id ? null : spec.parent.id;
  }
}

function callEntries(spec: HostileCallSpec, parent: string | null): unknown[] {
  const types =
    spec.kind === 'tool'
      ? (['call', 'result'] as const)
      : (['delegation_call', 'delegation_result'] as const);
  const detailsOf = (list: [string, Val][]) =>
    record([
      ...list.map(([key, value]) => [key, place(value)] as const),
      ...(parent === null ? [] : [['parent_call_id', parent] as const]),
    ]);
  const phase = (type: (typeof types)[number], p: PhaseSpec, d: Record<string, unknown>) =>
    p.ending === 'open'
      ? p.pieces.map((piece) => part(spec.id, piece, { type, name: spec.name, details: d }))
      : phaseEntries(spec.id, type, spec.name, p.pieces, p.ending, d);
  const call = phase(types[0], spec.call, detailsOf(spec.callDetails));
  const result = phase(types[1], spec.result, detailsOf(spec.resultDetails));
  switch (spec.phases) {
    case 'both':
      return [...call, ...result];
    case 'call-only':
      return call;
    case 'result-only':
      return result;
  }
}

function hostileExpectations(calls: readonly HostileCallSpec[]): BuiltScenario['hostileCalls'] {
  return calls.map((spec, index) => {
    const latest = spec.phases === 'call-only' ? spec.call : spec.result;
    return {
      id: spec.id,
      output: latest.pieces.join(''),
      parentId: parentOf(calls, index),
      complete: latest.ending !== 'open',
    };
  });
}

// ── what a stream amounts to ───────────────────────────────────────────────────────────────────

/** A tool call as compared: every field the wire decides. */
export interface CallView {
  id: string;
  toolName: string;
  kind: string;
  parentId: string | null;
  agent: string | null;
  eventType: string;
  output: string;
  complete: boolean;
  status: string;
  /** Own entries of the merged details, by key, each value as its JSON text. */
  details: [string, string][];
}

/** A run's outcome as compared. */
export interface View {
  text: string;
  citations: string[];
  calls: CallView[];
  /** Top-level calls, in order. */
  topLevel: string[];
  /** Child calls by parent, parents sorted. */
  children: [string, string[]][];
}

/** The run's outcome in a state (its last assistant message). */
export function viewOf(state: ToolStreamState): View {
  const message = state.messages.findLast((m) => m.role === 'assistant');
  if (message === undefined || message.role !== 'assistant') throw new Error('no assistant message');
  const own = <T>(table: Readonly<Record<string, T>>, key: string): T => {
    if (!Object.hasOwn(table, key)) throw new Error(`no own entry ${JSON.stringify(key)}`);
    return table[key]!;
  };
  let text = '';
  const topLevel: string[] = [];
  for (const p of message.parts) {
    if (p.type === 'text') text += p.text;
    else if (p.type === 'tool-call') topLevel.push(p.callId);
  }
  return {
    text,
    citations: message.citations.map((c) => c.source),
    calls: message.callOrder.map((id) => callView(own(message.calls, id))),
    topLevel,
    children: Object.keys(message.children)
      .sort()
      .map((parent) => [parent, [...own(message.children, parent)]]),
  };
}

function callView(call: ToolCallState): CallView {
  const latest = call.result ?? call.call;
  return {
    id: call.id,
    toolName: call.toolName,
    kind: call.kind,
    parentId: call.parentId,
    agent: call.agent,
    eventType: call.eventType,
    output: latest.text,
    complete: latest.complete,
    status: call.status,
    details: detailEntries(call.details),
  };
}

function detailEntries(details: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.keys(details)
    .sort()
    .map((key) => [key, jsonText(details[key])]);
}

/**
 * What the good frames amount to once the stream ended cleanly, by the rules of PROTOCOL.md §2:
 * text appended in order; citations once each; chunks with the same `call_id` one call, `call` /
 * `delegation_call` its call phase and `result` / `delegation_result` its result phase (a result
 * closes the call phase); `stream_part` appended until a chunk completes the phase (`is_complete`
 * not `false`), whose non-empty `tool_response` then wins; a chunk without `stream_part` sets the
 * phase's text; details merged key by key, each value kept {@link MAX_DEPTH} levels deep at most;
 * `parent_call_id` nests, `agent` names the sub-agent.
 * At the clean end, a call whose latest phase completed is `complete`, one left open `interrupted`.
 */
export function expectedView(frames: readonly unknown[]): View {
  interface Phase {
    text: string;
    complete: boolean;
  }
  interface Model {
    id: string;
    toolName: string;
    kind: 'tool' | 'delegation';
    parentId: string | null;
    agent: string | null;
    eventType: string;
    details: Map<string, unknown>;
    call: Phase;
    result: Phase | null;
  }
  const nonEmpty = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  let text = '';
  const citations: string[] = [];
  const calls = new Map<string, Model>();
  for (const frame of frames as Frame[]) {
    if (typeof frame.message === 'string') text += frame.message;
    for (const source of (frame.citations ?? []) as string[]) {
      if (source !== '' && !citations.includes(source)) citations.push(source);
    }
    for (const entry of (frame.tool_calls ?? []) as Record<string, unknown>[]) {
      const id = entry.call_id as string;
      const type = entry.event_type as string;
      const isResult = type === 'result' || type === 'delegation_result';
      const details = (entry.tool_call_details ?? {}) as Record<string, unknown>;
      let call = calls.get(id);
      if (call === undefined) {
        call = {
          id,
          toolName: '',
          kind: type.startsWith('delegation') ? 'delegation' : 'tool',
          parentId: nonEmpty(details.parent_call_id),
          agent: null,
          eventType: type,
          details: new Map(),
          call: { text: '', complete: false },
          result: null,
        };
        calls.set(id, call);
      }
      if (call.toolName === '' && typeof entry.tool_name === 'string') call.toolName = entry.tool_name;
      call.agent ??= nonEmpty(details.agent);
      for (const key of Object.keys(details)) call.details.set(key, details[key]);
      if (isResult && call.result === null) {
        call.call.complete = true;
        call.result = { text: '', complete: false };
        call.eventType = type;
        if (type === 'delegation_result') call.kind = 'delegation';
      }
      const phase = isResult ? call.result! : call.call;
      const response = entry.tool_response;
      if (typeof entry.stream_part === 'string') {
        phase.text += entry.stream_part;
        if (entry.is_complete !== false) {
          phase.complete = true;
          if (typeof response === 'string' && response !== '') phase.text = response;
        }
      } else {
        phase.complete = true;
        phase.text = typeof response === 'string' ? response : '';
      }
    }
  }
  const list = [...calls.values()];
  const children = new Map<string, string[]>();
  for (const call of list) {
    if (call.parentId === null) continue;
    children.set(call.parentId, [...(children.get(call.parentId) ?? []), call.id]);
  }
  return {
    text,
    citations,
    calls: list.map((call) => {
      const latest = call.result ?? call.call;
      return {
        id: call.id,
        toolName: call.toolName,
        kind: call.kind,
        parentId: call.parentId,
        agent: call.agent,
        eventType: call.eventType,
        output: latest.text,
        complete: latest.complete,
        status: latest.complete ? 'complete' : 'interrupted',
        details: [...call.details.keys()]
          .sort()
          .map((key) => [key, jsonText(call.details.get(key), MAX_DEPTH)]),
      };
    }),
    topLevel: list.filter((call) => call.parentId === null).map((call) => call.id),
    children: [...children.keys()].sort().map((parent) => [parent, children.get(parent)!]),
  };
}

/**
 * JSON text of a parsed value, as JSON.stringify writes it, but without recursion (values nest
 * 20,000 deep, where JSON.stringify gives up). With `maxDepth`, an array or object that would be
 * nested deeper is written as the string {@link TOO_DEEP}.
 */
export function jsonText(root: unknown, maxDepth = Number.POSITIVE_INFINITY): string {
  let out = '';
  // Open arrays and objects: the container, its keys (objects), and the next index.
  const open: { value: unknown[] | Record<string, unknown>; keys: string[] | null; index: number }[] = [];
  let next: unknown = root;
  for (;;) {
    const container = typeof next === 'object' && next !== null;
    if (container && open.length >= maxDepth) {
      out += JSON.stringify(TOO_DEEP);
    } else if (Array.isArray(next)) {
      out += '[';
      open.push({ value: next, keys: null, index: 0 });
    } else if (typeof next === 'object' && next !== null) {
      out += '{';
      open.push({ value: next as Record<string, unknown>, keys: Object.keys(next), index: 0 });
    } else {
      out += JSON.stringify(next) ?? 'null';
    }
    // Find the next value to write, closing what is complete.
    let found = false;
    while (open.length > 0 && !found) {
      const top = open[open.length - 1]!;
      const length = top.keys === null ? (top.value as unknown[]).length : top.keys.length;
      if (top.index < length) {
        const index = top.index++;
        if (index > 0) out += ',';
        if (top.keys === null) {
          next = (top.value as unknown[])[index];
        } else {
          const key = top.keys[index]!;
          out += `${JSON.stringify(key)}:`;
          next = (top.value as Record<string, unknown>)[key];
        }
        found = true;
      } else {
        out += top.keys === null ? ']' : '}';
        open.pop();
      }
    }
    if (!found) return out;
  }
}

/** A frame's data as an error keeps it: PROTOCOL.md §2, truncated to 300 characters, marked `…`. */
export function expectedExcerpt(data: string): string {
  return data.length <= EXCERPT_LENGTH ? data : `${data.slice(0, EXCERPT_LENGTH)}…`;
}
