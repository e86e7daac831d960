import { MAX_DEPTH_TO_WALK } from './walk-limit.js';

/** What stands in for a value or text that was redacted. */
export const REDACTED = '[redacted]';

/**
 * Headers whose values are kept when headers are redacted: they say how the stream was asked for
 * and answered, and carry no credentials. Every other header's value is replaced.
 */
export const DEFAULT_KEPT_HEADERS: readonly string[] = [
  'accept',
  'cache-control',
  'content-type',
  'last-event-id',
  'retry-after',
  'x-accel-buffering',
  'x-run-id',
];

/**
 * What an export removes before a run leaves the app. By default the values of request and
 * response headers are replaced (all but {@link DEFAULT_KEPT_HEADERS}): an `authorization` header
 * or a cookie must not travel in a bug report.
 */
export interface RedactOptions {
  /** Replace header values (default `true`); `false` keeps them all. */
  headers?: boolean;
  /** Headers whose values are kept when `headers` is on. Default {@link DEFAULT_KEPT_HEADERS}. */
  keepHeaders?: readonly string[];
  /**
   * Fields of each frame's JSON data to replace, by path: `tool_calls.*.tool_call_details.email`,
   * `message`. `*` is any one key or index, `**` any number of levels.
   */
  paths?: readonly string[];
  /** Text to replace wherever it appears: frame data, URLs, request bodies, header values. */
  text?: readonly (string | RegExp)[];
}

/** The redaction an export applied, as the file says it (no secrets: patterns are counted). */
export interface RedactionNote {
  headers: 'values replaced' | 'kept';
  keptHeaders: readonly string[];
  paths: readonly string[];
  textPatterns: number;
}

/** A {@link RedactOptions} with its defaults in place, ready to apply. */
export class Redaction {
  readonly #headers: boolean;
  readonly #kept: ReadonlySet<string>;
  readonly #paths: readonly string[][];
  readonly #text: readonly (string | RegExp)[];

  constructor(options: RedactOptions = {}) {
    this.#headers = options.headers ?? true;
    this.#kept = new Set((options.keepHeaders ?? DEFAULT_KEPT_HEADERS).map((name) => name.toLowerCase()));
    this.#paths = (options.paths ?? []).map((path) => path.split('.').filter((segment) => segment !== ''));
    this.#text = options.text ?? [];
  }

  /** Whether frames' JSON is rewritten (so raw bytes cannot be exported as they came). */
  get rewritesFrames(): boolean {
    return this.#paths.length > 0;
  }

  note(): RedactionNote {
    return {
      headers: this.#headers ? 'values replaced' : 'kept',
      keptHeaders: this.#headers ? [...this.#kept] : [],
      paths: this.#paths.map((path) => path.join('.')),
      textPatterns: this.#text.length,
    };
  }

  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const kept = !this.#headers || this.#kept.has(name.toLowerCase());
      Object.defineProperty(result, name, {
        value: kept ? this.text(value) : REDACTED,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }

  /** `text` with every pattern replaced. */
  text(text: string): string {
    let result = text;
    for (const pattern of this.#text) {
      if (typeof pattern === 'string') {
        if (pattern !== '') result = result.split(pattern).join(REDACTED);
      } else {
        const global = pattern.flags.includes('g')
          ? pattern
          : new RegExp(pattern.source, `${pattern.flags}g`);
        result = result.replace(global, REDACTED);
      }
    }
    return result;
  }

  /** A frame's data with its fields at `paths` replaced (when it is JSON), then its text patterns. */
  frameData(data: string): string {
    if (this.#paths.length === 0) return this.text(data);
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return this.text(data); // not JSON: no fields to find
    }
    if (typeof value !== 'object' || value === null) return this.text(data);
    let changed = false;
    for (const path of this.#paths) changed = replaceAt(value, path, 0, 0) || changed;
    if (!changed) return this.text(data);
    try {
      return this.text(JSON.stringify(value));
    } catch {
      // Too deep to write back: nothing of it can be shown safely.
      return REDACTED;
    }
  }
}

/** Replaces what `path[at…]` matches under `value`; returns whether anything was. */
function replaceAt(value: unknown, path: readonly string[], at: number, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const segment = path[at]!;
  const last = at === path.length - 1;
  const container = value as Record<string, unknown>;
  const keys =
    segment === '*' || segment === '**'
      ? Object.keys(container)
      : Object.hasOwn(container, segment)
        ? [segment]
        : [];
  let changed = false;
  if (segment === '**') {
    // Zero levels: the rest of the path right here; or one level more, still inside `**`.
    if (!last) changed = replaceAt(value, path, at + 1, depth) || changed;
    for (const key of keys) {
      const child = container[key];
      if (last || (depth >= MAX_DEPTH_TO_WALK && typeof child === 'object' && child !== null)) {
        // Fail closed: what is too deep to search is hidden whole.
        Object.defineProperty(container, key, {
          value: REDACTED,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        changed = true;
      } else changed = replaceAt(child, path, at, depth + 1) || changed;
    }
    return changed;
  }
  for (const key of keys) {
    if (last) {
      Object.defineProperty(container, key, {
        value: REDACTED,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      changed = true;
    } else changed = replaceAt(container[key], path, at + 1, depth + 1) || changed;
  }
  return changed;
}
