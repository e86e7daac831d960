import type { ToolCallState } from '../reducer/state.js';

/**
 * The tools an agent calls, declared once: each tool's name with the type of its arguments and
 * of its result. Types only — the wire says nothing about them — so they describe what your
 * backend sends, and nothing checks them at run time.
 *
 * @example
 * ```ts
 * type Tools = {
 *   search_confluence: { args: { query: string; space?: string }; result: { title: string; url: string }[] };
 *   get_weather: { args: { city: string }; result: { tempC: number } };
 * };
 * const tools = defineTools<Tools>();
 * if (tools.is(call, 'get_weather')) call.args?.city; // string | undefined while it streams
 * ```
 */
export type ToolTypes = Record<string, { args?: unknown; result?: unknown }>;

/** Every property optional, all the way down: arguments while they stream. */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? DeepPartial<Item>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** The argument type of a declared tool (`unknown` when it declares none). */
export type ToolArgs<T extends ToolTypes, N extends keyof T> = T[N] extends { args: infer A } ? A : unknown;

/** The result type of a declared tool (`unknown` when it declares none). */
export type ToolResult<T extends ToolTypes, N extends keyof T> = T[N] extends { result: infer R }
  ? R
  : unknown;

/**
 * A call of declared tool `N` (or of any of `T`'s tools, narrowed by `toolName`): `args` typed
 * as that tool's arguments — partial while they stream, whole once the call phase completed, and
 * `null` when the text was not valid arguments or the protocol has none.
 */
export type TypedToolCall<T extends ToolTypes, N extends keyof T & string = keyof T & string> = {
  [K in N]: Omit<ToolCallState, 'toolName' | 'args'> & {
    toolName: K;
    args: DeepPartial<ToolArgs<T, K>> | ToolArgs<T, K> | null;
  };
}[N];

/**
 * The tools the browser runs, by name: `execute` gets the call's arguments (typed by the
 * declaration) and a `signal` that `stop()` aborts; what it returns (or resolves to) is the
 * call's result, and what it throws is the call's error. PROTOCOL.md §11.
 */
export type ClientTools<T extends ToolTypes> = {
  [N in keyof T & string]?: {
    execute(
      args: ToolArgs<T, N>,
      context: { signal: AbortSignal; call: TypedToolCall<T, N> },
    ): ToolResult<T, N> | Promise<ToolResult<T, N>>;
  };
};

/** What {@link defineTools} returns: checks and readers typed by your tool declarations. */
export interface DefinedTools<T extends ToolTypes> {
  /** The tools the browser runs (`createToolStreamStore({ tools })` runs them). */
  readonly client: ClientTools<T>;
  /** Whether `call` is a call of tool `name`; narrows it to that tool's {@link TypedToolCall}. */
  is<N extends keyof T & string>(call: ToolCallState, name: N): call is ToolCallState & TypedToolCall<T, N>;
  /**
   * The result of a completed call, read as JSON from its output (the result text, or the call's
   * own text when there was no result phase), typed as the tool's result. `undefined` while the
   * call runs, or when its output is not JSON.
   */
  result<N extends keyof T & string>(call: TypedToolCall<T, N>): ToolResult<T, N> | undefined;
}

/**
 * Checks and readers for calls, typed by a declaration of your tools ({@link ToolTypes}), and
 * the tools the browser runs. The UI's renderers take the same declaration (`ToolRenderers<Tools>`).
 *
 * @example
 * ```ts
 * type Tools = { get_time_zone: { args: Record<string, never>; result: string } };
 * const tools = defineTools<Tools>({
 *   get_time_zone: { execute: () => Intl.DateTimeFormat().resolvedOptions().timeZone },
 * });
 * const store = createToolStreamStore({ endpoint: '/api/chat/stream', tools });
 * ```
 */
export function defineTools<T extends ToolTypes>(client: ClientTools<T> = {}): DefinedTools<T> {
  return {
    client,
    is: <N extends keyof T & string>(
      call: ToolCallState,
      name: N,
    ): call is ToolCallState & TypedToolCall<T, N> => call.toolName === name,
    result: <N extends keyof T & string>(call: TypedToolCall<T, N>) =>
      toolResult(call as ToolCallState) as ToolResult<T, N> | undefined,
  };
}

/**
 * The result of a completed call as JSON (see {@link DefinedTools.result}): `undefined` while it
 * runs, when it failed, or when its output is not JSON.
 */
export function toolResult(call: ToolCallState): unknown {
  if (call.status !== 'complete') return undefined;
  const text = (call.result ?? call.call).text.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
