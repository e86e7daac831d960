import { MAX_VALUE_DEPTH } from '../adapters/value-depth.js';

/**
 * An incremental JSON parser for tool-call arguments that arrive in pieces. Each character is
 * read once, however the text is cut, so feeding a document costs O(length) in total (peers
 * re-parse the whole prefix on every piece, which is quadratic). At any point {@link
 * PartialJsonParser.value} gives the value read so far: open strings show their text so far,
 * numbers their longest valid prefix, and keys whose value has not started are left out.
 *
 * Values it hands out are never mutated afterwards, so they can go straight into immutable state:
 * the open objects and arrays are the parser's private working copies, and `value()` hands out
 * copies of them (closed containers are shared as they are, never copied again). Copying an open
 * container costs its size, so to keep the total linear, `value()` copies open containers of up
 * to {@link ALWAYS_FRESH} entries in all every time, and wider ones only once as many characters
 * have been read since the last copy as they have entries; until then it returns the previous
 * value. So typical arguments are fresh after every character, and a wide object (400 keys) is
 * refreshed every few hundred characters. A complete document is always exact.
 *
 * Strict JSON (what `JSON.parse` accepts), plus one repair seen in the wild: a leading `{}`
 * followed by another document (`{}{"a":1}`, sent by Bedrock gateways) drops the `{}`.
 */
export interface PartialJsonParser {
  /** Reads the next piece of text. Never throws: invalid input sets {@link error}. */
  push(chunk: string): void;
  /** The text is complete: a number at its very end is finished (`12` alone is a document). */
  finish(): void;
  /**
   * The value read so far (possibly a little behind, see above): `undefined` until a value is
   * visible. The returned object (and everything in it) will not change later.
   */
  value(): unknown;
  /** Whether a whole JSON document has been read (only whitespace may follow). */
  readonly complete: boolean;
  /** Whether anything but whitespace has been read. */
  readonly started: boolean;
  /** Why the text is not JSON (with the character offset), or `null` while it may still be. */
  readonly error: string | null;
  /** Characters read so far. */
  readonly length: number;
  /** Offset just past the end of the last complete document, or `-1`. */
  readonly documentEnd: number;
}

/** Options of {@link createPartialJsonParser}. */
export interface PartialJsonParserOptions {
  /** Drop a leading `{}` that another document follows (default `true`). */
  dropEmptyPrefix?: boolean;
}

/** Creates a {@link PartialJsonParser}. */
export function createPartialJsonParser(options: PartialJsonParserOptions = {}): PartialJsonParser {
  return new Parser(options.dropEmptyPrefix ?? true);
}

/** The result of reading a whole text with {@link parsePartialJson}. */
export interface PartialJsonResult {
  /** The value read (partial when `complete` is false), `undefined` when none is visible. */
  value: unknown;
  complete: boolean;
  error: string | null;
}

/**
 * Reads a (possibly truncated) text at once. The text may go on, so a number at its very end is
 * shown but not complete (`complete` is false for `"12"`): call `finish()` on a parser for that.
 */
export function parsePartialJson(text: string): PartialJsonResult {
  const parser = new Parser();
  parser.push(text);
  return { value: parser.value(), complete: parser.complete, error: parser.error };
}

// ── states ────────────────────────────────────────────────────────────────────────────────
const VALUE = 0; // a value must start (root, after `:`, after `,` in an array)
const ARRAY_FIRST = 1; // after `[`: a value or `]`
const OBJECT_FIRST = 2; // after `{`: a key or `}`
const KEY = 3; // after `,` in an object: a key
const COLON = 4; // after a key
const AFTER = 5; // after a value inside a container: `,` or the closing bracket
const STRING = 6;
const ESCAPE = 7; // after `\` in a string
const UNICODE = 8; // inside `\uXXXX`
const NUMBER = 9;
const LITERAL = 10; // inside `true`, `false` or `null`
const DONE = 11; // the document is complete
const FAILED = 12;

// Number sub-states (the JSON number grammar, one character at a time).
const N_MINUS = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_E = 5;
const N_E_SIGN = 6;
const N_EXP = 7;

/**
 * Open containers with up to this many entries in all are copied by every `value()` that follows
 * new input; wider ones once per as many characters as they have entries. Either way `value()`
 * costs O(1) per character read, amortized. (Array entries count for 1/8: `slice` is a block
 * copy, while spreading an object of more than a few dozen keys costs microseconds per key.)
 */
export const ALWAYS_FRESH = 16;

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** No leaf value to show. */
const NONE: unique symbol = Symbol('none');

type Container = Record<string, unknown> | unknown[];
type Slot = string | number;

/** An open object or array: a private working copy, never handed out while open. */
interface Frame {
  container: Container;
  isArray: boolean;
  /** Entries so far (the copy cost of this container). */
  size: number;
  /** Where this container sits in its parent (unused for the root). */
  slot: Slot;
  /** Objects: the key whose value is being read. */
  key: string;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function assign(container: Container, slot: Slot, value: unknown): void {
  if (slot === '__proto__' && !Array.isArray(container)) {
    // A plain assignment would set the prototype; JSON.parse makes an own property.
    Object.defineProperty(container, slot, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  (container as Record<Slot, unknown>)[slot] = value;
}

function copyOf(frame: Frame): Container {
  return frame.isArray ? (frame.container as unknown[]).slice() : { ...frame.container };
}

class Parser implements PartialJsonParser {
  readonly #dropEmptyPrefix: boolean;
  #state = VALUE;
  readonly #stack: Frame[] = [];
  /** The root once it is a container or a complete leaf. */
  #root: unknown = undefined;

  // The leaf being read (string, number or literal) and where it goes.
  #leafSlot: Slot = 0;
  #isKey = false;
  #text = ''; // string content or number/literal characters so far
  #unicode = '';
  #number = N_MINUS;
  /** Length of the longest prefix of the number text that is a valid number. */
  #numberValid = 0;
  #literal = '';

  // What value() handed out last, and what changed since.
  #snapshot: unknown = undefined;
  #dirty = false;
  /** Characters read since the last snapshot was built. */
  #debt = 0;

  #error: string | null = null;
  #offset = 0;
  #started = false;
  #documentEnd = -1;

  constructor(dropEmptyPrefix = true) {
    this.#dropEmptyPrefix = dropEmptyPrefix;
  }

  get complete(): boolean {
    return this.#state === DONE;
  }
  get started(): boolean {
    return this.#started;
  }
  get error(): string | null {
    return this.#error;
  }
  get length(): number {
    return this.#offset;
  }
  get documentEnd(): number {
    return this.#documentEnd;
  }

  value(): unknown {
    if (!this.#dirty) return this.#snapshot;
    const stack = this.#stack;
    let cost = 0;
    for (const frame of stack) cost += (frame.isArray ? frame.size / 8 : frame.size) + 1;
    if (cost > ALWAYS_FRESH && cost > this.#debt) return this.#snapshot;
    this.#dirty = false;
    this.#debt = 0;
    const leaf = this.#visibleLeaf();
    if (stack.length === 0) {
      this.#snapshot = leaf === NONE ? this.#root : leaf;
      return this.#snapshot;
    }
    // Copy the open containers from the innermost out, each holding the copy of the one inside.
    let child: unknown = leaf;
    let childSlot: Slot = this.#leafSlot;
    for (let depth = stack.length - 1; depth >= 0; depth--) {
      const frame = stack[depth]!;
      const copy = copyOf(frame);
      if (child !== NONE) assign(copy, childSlot, child);
      child = copy;
      childSlot = frame.slot;
    }
    this.#snapshot = child;
    return child;
  }

  /** The value the leaf being read shows so far: its text, or its number prefix. */
  #visibleLeaf(): unknown {
    if (this.#state === STRING && !this.#isKey) return this.#text;
    if (this.#state === ESCAPE || this.#state === UNICODE) return this.#isKey ? NONE : this.#text;
    if (this.#state === NUMBER && this.#numberValid > 0)
      return Number(this.#text.slice(0, this.#numberValid));
    return NONE;
  }

  push(chunk: string): void {
    const length = chunk.length;
    if (length === 0) return;
    this.#dirty = true;
    this.#debt += length;
    let i = 0;
    while (i < length && this.#state !== FAILED) {
      const state = this.#state;
      if (state === STRING) {
        i = this.#readString(chunk, i);
        continue;
      }
      const code = chunk.charCodeAt(i);
      switch (state) {
        case VALUE:
        case ARRAY_FIRST:
          if (isWhitespace(code)) break;
          if (code === 93 /* ] */ && state === ARRAY_FIRST) {
            this.#closeContainer(i);
            break;
          }
          this.#startValue(code, i);
          break;
        case OBJECT_FIRST:
        case KEY:
          if (isWhitespace(code)) break;
          if (code === 125 /* } */ && state === OBJECT_FIRST) {
            this.#closeContainer(i);
            break;
          }
          if (code === 34 /* " */) {
            this.#isKey = true;
            this.#text = '';
            this.#state = STRING;
            break;
          }
          this.#fail(i, 'expected a key');
          break;
        case COLON:
          if (isWhitespace(code)) break;
          if (code === 58 /* : */) this.#state = VALUE;
          else this.#fail(i, "expected ':'");
          break;
        case AFTER:
          this.#after(code, i);
          break;
        case ESCAPE:
          this.#escape(chunk[i]!, i);
          break;
        case UNICODE:
          this.#unicodeDigit(chunk[i]!, i);
          break;
        case NUMBER:
          if (!this.#numberChar(code)) {
            if (!this.#endNumber(this.#offset + i)) break;
            continue; // the character after the number is read in the new state
          }
          break;
        case LITERAL:
          this.#literalChar(chunk[i]!, i);
          break;
        case DONE:
          if (isWhitespace(code)) break;
          if (code === 123 /* { */ && this.#dropEmptyPrefix && this.#isEmptyObjectRoot()) {
            // `{}{…}`: a gateway put an empty object in front of the real arguments.
            this.#root = undefined;
            this.#documentEnd = -1;
            this.#startValue(code, i);
            break;
          }
          this.#fail(i, 'unexpected text after the JSON value');
          break;
      }
      i++;
    }
    this.#offset += length;
  }

  finish(): void {
    if (this.#state === NUMBER) {
      this.#dirty = true;
      this.#endNumber(this.#offset);
    }
  }

  // ── values ───────────────────────────────────────────────────────────────────────────────

  #startValue(code: number, i: number): void {
    this.#started = true;
    this.#leafSlot = this.#nextSlot();
    if (code === 123 /* { */ || code === 91 /* [ */) {
      // State keeps what this parser reads, and must always serialize (see value-depth.ts).
      if (this.#stack.length >= MAX_VALUE_DEPTH) {
        this.#fail(i, `the value nests more than ${MAX_VALUE_DEPTH} levels deep`);
        return;
      }
      const isArray = code === 91;
      const container: Container = isArray ? [] : {};
      this.#store(this.#leafSlot, container);
      this.#stack.push({ container, isArray, size: 0, slot: this.#leafSlot, key: '' });
      this.#state = isArray ? ARRAY_FIRST : OBJECT_FIRST;
      return;
    }
    if (code === 34 /* " */) {
      this.#isKey = false;
      this.#text = '';
      this.#state = STRING;
      return;
    }
    if (code === 45 /* - */ || isDigit(code)) {
      this.#text = String.fromCharCode(code);
      this.#number = code === 45 ? N_MINUS : code === 48 ? N_ZERO : N_INT;
      this.#numberValid = code === 45 ? 0 : 1;
      this.#state = NUMBER;
      return;
    }
    const literal = code === 116 ? 'true' : code === 102 ? 'false' : code === 110 ? 'null' : '';
    if (literal !== '') {
      this.#literal = literal;
      this.#text = literal[0]!;
      this.#state = LITERAL;
      return;
    }
    this.#fail(i, 'expected a value');
  }

  /** Where the value that starts now goes in the current container. */
  #nextSlot(): Slot {
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) return 0;
    return top.isArray ? (top.container as unknown[]).length : top.key;
  }

  /** Puts a value into the innermost open container (or makes it the root). */
  #store(slot: Slot, value: unknown): void {
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) {
      this.#root = value;
      return;
    }
    if (top.isArray || !Object.hasOwn(top.container, slot)) top.size++;
    assign(top.container, slot, value);
  }

  /** A leaf value ending before offset `end` is complete: store it and continue after it. */
  #endLeaf(value: unknown, end: number): void {
    this.#store(this.#leafSlot, value);
    this.#afterValue(end);
  }

  #afterValue(end: number): void {
    if (this.#stack.length === 0) {
      this.#state = DONE;
      this.#documentEnd = end;
      return;
    }
    this.#state = AFTER;
  }

  #after(code: number, i: number): void {
    if (isWhitespace(code)) return;
    const top = this.#stack[this.#stack.length - 1]!;
    if (code === 44 /* , */) {
      this.#state = top.isArray ? VALUE : KEY;
      return;
    }
    if (code === (top.isArray ? 93 : 125)) {
      this.#closeContainer(i);
      return;
    }
    this.#fail(i, top.isArray ? "expected ',' or ']'" : "expected ',' or '}'");
  }

  /** The bracket at `i` closes the innermost container: it is final from now on. */
  #closeContainer(i: number): void {
    this.#stack.pop();
    this.#afterValue(this.#offset + i + 1);
  }

  #isEmptyObjectRoot(): boolean {
    const root = this.#root;
    if (typeof root !== 'object' || root === null || Array.isArray(root)) return false;
    for (const _ in root) return false;
    return true;
  }

  // ── strings ──────────────────────────────────────────────────────────────────────────────

  /** Reads string characters from `i`; returns the index of the next unread character. */
  #readString(chunk: string, i: number): number {
    const start = i;
    const length = chunk.length;
    while (i < length) {
      const code = chunk.charCodeAt(i);
      if (code === 34 /* " */ || code === 92 /* \ */ || code < 32) break;
      i++;
    }
    if (i > start) this.#text += chunk.slice(start, i);
    if (i === length) return i;
    const code = chunk.charCodeAt(i);
    if (code === 92) {
      this.#state = ESCAPE;
      return i + 1;
    }
    if (code < 32) {
      this.#fail(i, 'control character in a string');
      return i + 1;
    }
    if (this.#isKey) {
      this.#stack[this.#stack.length - 1]!.key = this.#text;
      this.#state = COLON;
    } else {
      this.#endLeaf(this.#text, this.#offset + i + 1);
    }
    return i + 1;
  }

  #escape(char: string, i: number): void {
    if (char === 'u') {
      this.#unicode = '';
      this.#state = UNICODE;
      return;
    }
    const decoded = ESCAPES[char];
    if (decoded === undefined) {
      this.#fail(i, 'invalid escape');
      return;
    }
    this.#text += decoded;
    this.#state = STRING;
  }

  #unicodeDigit(char: string, i: number): void {
    if (!/[0-9a-fA-F]/.test(char)) {
      this.#fail(i, 'invalid \\u escape');
      return;
    }
    this.#unicode += char;
    if (this.#unicode.length < 4) return;
    this.#text += String.fromCharCode(Number.parseInt(this.#unicode, 16));
    this.#state = STRING;
  }

  // ── numbers and literals ─────────────────────────────────────────────────────────────────

  /** Takes one more number character; `false` when `code` cannot continue the number. */
  #numberChar(code: number): boolean {
    const digit = isDigit(code);
    let next = -1;
    switch (this.#number) {
      case N_MINUS:
        if (digit) next = code === 48 ? N_ZERO : N_INT;
        break;
      case N_ZERO:
      case N_INT:
        if (digit && this.#number === N_INT) next = N_INT;
        else if (code === 46 /* . */) next = N_DOT;
        else if (code === 101 || code === 69 /* e E */) next = N_E;
        break;
      case N_DOT:
      case N_FRAC:
        if (digit) next = N_FRAC;
        else if (this.#number === N_FRAC && (code === 101 || code === 69)) next = N_E;
        break;
      case N_E:
        if (digit) next = N_EXP;
        else if (code === 43 || code === 45 /* + - */) next = N_E_SIGN;
        break;
      case N_E_SIGN:
      case N_EXP:
        if (digit) next = N_EXP;
        break;
    }
    if (next === -1) {
      // Digits after a leading zero, a second dot… are errors, not the end of the number.
      if (digit || code === 46 || code === 101 || code === 69 || code === 43 || code === 45) {
        this.#number = -1;
      }
      return false;
    }
    this.#number = next;
    this.#text += String.fromCharCode(code);
    if (next === N_ZERO || next === N_INT || next === N_FRAC || next === N_EXP) {
      this.#numberValid = this.#text.length;
    }
    return true;
  }

  /** The number ended before offset `end` (a delimiter); `false` when it was not a valid number. */
  #endNumber(end: number): boolean {
    if (this.#number === -1 || this.#numberValid !== this.#text.length) {
      this.#fail(end - this.#offset, 'invalid number');
      return false;
    }
    this.#endLeaf(Number(this.#text), end);
    return true;
  }

  #literalChar(char: string, i: number): void {
    const expected = this.#literal[this.#text.length];
    if (char !== expected) {
      this.#fail(i, `invalid literal (expected ${this.#literal})`);
      return;
    }
    this.#text += char;
    if (this.#text.length < this.#literal.length) return;
    const literal = this.#literal;
    this.#endLeaf(literal === 'true' ? true : literal === 'false' ? false : null, this.#offset + i + 1);
  }

  #fail(i: number, message: string): void {
    this.#error = `${message} at character ${this.#offset + i}`;
    this.#state = FAILED;
  }
}
