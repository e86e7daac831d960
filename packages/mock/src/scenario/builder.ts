import type { ChatMessageResponse } from '@toolstream/core';
import { BaseScenarioBuilder, type ScenarioOptions } from './base-builder.js';
import { chunkText } from './text-chunks.js';
import {
  type AskSpec,
  type CallRef,
  type CallSpec,
  type DelegationScope,
  type DelegationSpec,
  type ResultSpec,
  type ToolCallStep,
  ToolCallWriter,
} from './tool-call-writer.js';

/** How text is streamed. */
export interface TextOptions {
  /** Words per chunk. Default 2. */
  wordsPerChunk?: number;
  /** Milliseconds between chunks. Default 35. */
  delay?: number;
  /** Milliseconds before the first chunk (the model "thinking"). Default: `delay`. */
  firstDelay?: number;
}

const DEFAULT_TEXT_DELAY = 35;

/**
 * Builds a scenario of the primary protocol (`ChatMessageResponse` frames) without writing a
 * call id or a part by hand.
 *
 * @example
 * ```ts
 * const delegation = scenario('my-delegation', 'The supervisor hands a search to a sub-agent.')
 *   .text('Let me ask the research agent.')
 *   .delegation({ agent: 'research_agent', task: 'Find the onboarding page' }, (sub) => {
 *     sub.call({ tool: 'confluence_search', args: { query: 'onboarding' }, result: '3 pages found' });
 *     sub.stream('The onboarding page is "Welcome to ACME".');
 *   })
 *   .text('Here is what the research agent found.')
 *   .done()
 *   .build();
 * ```
 */
export class ChatScenarioBuilder extends BaseScenarioBuilder {
  readonly #writer: ToolCallWriter;
  #callNumber = 0;

  constructor(name: string, description: string, options: ScenarioOptions = {}) {
    super(name, description, 'chat-message-response', options);
    this.#writer = new ToolCallWriter(
      {
        write: (message, delay) => {
          this.frame(JSON.stringify(message), { delay });
        },
        disconnect: (delay) => {
          this.disconnect({ delay });
        },
        nextCallNumber: () => ++this.#callNumber,
      },
      null,
      null,
    );
  }

  /** Streams assistant text, a few words per frame. */
  text(text: string, options: TextOptions = {}): this {
    chunkText(text, options.wordsPerChunk ?? 2).forEach((chunk, index) => {
      const delay =
        index === 0
          ? (options.firstDelay ?? options.delay ?? DEFAULT_TEXT_DELAY)
          : (options.delay ?? DEFAULT_TEXT_DELAY);
      this.message({ message: chunk }, { delay });
    });
    return this;
  }

  /** Citations (file names or URLs) for the current answer. */
  citations(citations: string[], options: { delay?: number } = {}): this {
    return this.message({ citations }, { delay: options.delay ?? 10 });
  }

  /** One `ChatMessageResponse` frame; missing fields are filled with their empty values. */
  message(message: Partial<ChatMessageResponse>, options: { delay?: number } = {}): this {
    const full: ChatMessageResponse = {
      message: message.message ?? '',
      citations: message.citations ?? [],
      tool_calls: message.tool_calls ?? [],
    };
    return this.frame(JSON.stringify(full), { delay: options.delay ?? DEFAULT_TEXT_DELAY });
  }

  /** A tool call and (when `result` is given) its result. */
  call(step: ToolCallStep): this {
    this.#writer.call(step);
    return this;
  }

  /** Writes a call frame and returns its reference, for results written later (interleaved by hand). */
  startCall(spec: CallSpec): CallRef {
    return this.#writer.startCall(spec);
  }

  /** The result of a call started with {@link startCall}. */
  result(ref: CallRef, result: string | ResultSpec): this {
    this.#writer.result(ref, result);
    return this;
  }

  /** Calls started together whose results arrive interleaved. */
  parallel(steps: readonly ToolCallStep[], options: { delay?: number; resultDelay?: number } = {}): this {
    this.#writer.parallel(steps, options);
    return this;
  }

  /** A hand-over to a sub-agent; see {@link DelegationScope}. */
  delegation(spec: DelegationSpec, body: (sub: DelegationScope) => void): this {
    this.#writer.delegation(spec, body);
    return this;
  }

  /** Calls that wait for an answer, in one frame (see `AskSpec`); end the run with `done()`. */
  ask(...specs: AskSpec[]): this {
    this.#writer.ask(specs);
    return this;
  }

  /** The result of a call the first run made (`ask`), in a continuation section. */
  resultOf(id: string, tool: string, result: string | ResultSpec): this {
    this.#writer.result(this.#writer.refOf(id, tool), result);
    return this;
  }

  /** Goes on in a delegation left open by the first run (in a continuation section). */
  resumeDelegation(ref: CallRef, body: (sub: DelegationScope) => void): this {
    this.#writer.resumeDelegation(ref, body);
    return this;
  }

  /** An `error` event whose data is `{"message", "code"?}`. */
  error(message: string, options: { delay?: number; code?: string } = {}): this {
    const data = options.code === undefined ? { message } : { message, code: options.code };
    return this.frame(JSON.stringify(data), { event: 'error', delay: options.delay ?? 50 });
  }
}

/** Starts a scenario of the primary protocol. See {@link ChatScenarioBuilder}. */
export function scenario(
  name: string,
  description: string,
  options: ScenarioOptions = {},
): ChatScenarioBuilder {
  return new ChatScenarioBuilder(name, description, options);
}
