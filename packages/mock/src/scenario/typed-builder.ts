import { BaseScenarioBuilder, type ScenarioOptions } from './base-builder.js';
import type { TextOptions } from './builder.js';
import { chunkText } from './text-chunks.js';

/**
 * Builds a scenario of the typed-events protocol: `message` (a text chunk), `tool_start` /
 * `tool_end` (a tool name), `error` (a message) and `done`.
 *
 * @example
 * ```ts
 * typedScenario('weather', 'A ReAct run over typed events.')
 *   .text('Let me check the weather.')
 *   .tool('weather_tool', { runtime: 600 })
 *   .text('Seoul is clear and 25C.')
 *   .done()
 *   .build();
 * ```
 */
export class TypedScenarioBuilder extends BaseScenarioBuilder {
  constructor(name: string, description: string, options: ScenarioOptions = {}) {
    super(name, description, 'typed-events', options);
  }

  /** Streams text as `message` events, a few words each. */
  text(text: string, options: TextOptions = {}): this {
    chunkText(text, options.wordsPerChunk ?? 2).forEach((chunk, index) => {
      const delay = index === 0 ? (options.firstDelay ?? options.delay ?? 35) : (options.delay ?? 35);
      this.frame(chunk, { event: 'message', delay });
    });
    return this;
  }

  /** `tool_start` with the tool's name. */
  toolStart(name: string, options: { delay?: number } = {}): this {
    return this.frame(name, { event: 'tool_start', delay: options.delay ?? 120 });
  }

  /** `tool_end` with the tool's name. */
  toolEnd(name: string, options: { delay?: number } = {}): this {
    return this.frame(name, { event: 'tool_end', delay: options.delay ?? 500 });
  }

  /** A tool that starts and, `runtime` ms later, ends. */
  tool(name: string, options: { delay?: number; runtime?: number } = {}): this {
    const start = options.delay === undefined ? {} : { delay: options.delay };
    const end = options.runtime === undefined ? {} : { delay: options.runtime };
    return this.toolStart(name, start).toolEnd(name, end);
  }

  /** An `error` event with the message as plain text (as the seed's Kotlin backend sends it). */
  error(message: string, options: { delay?: number } = {}): this {
    return this.frame(message, { event: 'error', delay: options.delay ?? 50 });
  }
}

/** Starts a scenario of the typed-events protocol. See {@link TypedScenarioBuilder}. */
export function typedScenario(
  name: string,
  description: string,
  options: ScenarioOptions = {},
): TypedScenarioBuilder {
  return new TypedScenarioBuilder(name, description, options);
}
