import type {
  ContinuationMatch,
  Scenario,
  ScenarioContinuation,
  ScenarioHeader,
  ScenarioProtocol,
  ScenarioStep,
} from './format.js';
import { ScenarioFormatError, validateScenario } from './validate.js';

/** Options every scenario builder takes. */
export interface ScenarioOptions {
  /** Words that select the scenario when a request names none. */
  keywords?: string[];
}

/** Options of a single emitted frame. */
export interface FrameOptions {
  /** SSE `event:` name. */
  event?: string;
  /** Milliseconds since the previous line. */
  delay?: number;
}

/**
 * What both builders share: numbering SSE ids, carrying waits into the next frame, scripted
 * disconnects, `error`, `done` and `build`. Subclasses add the protocol's own vocabulary.
 */
export abstract class BaseScenarioBuilder {
  readonly #steps: ScenarioStep[] = [];
  readonly #continuations: ScenarioContinuation[] = [];
  // Where lines go: the first run's steps, or the latest continuation section's.
  #target: ScenarioStep[] = this.#steps;
  readonly #header: ScenarioHeader;
  #frameCount = 0;
  #pendingDelay = 0;

  protected constructor(
    name: string,
    description: string,
    protocol: ScenarioProtocol,
    options: ScenarioOptions,
  ) {
    this.#header = { type: 'header', name, description, protocol };
    if (options.keywords !== undefined && options.keywords.length > 0) {
      this.#header.keywords = [...options.keywords];
    }
  }

  /** Adds a raw frame (for anything the vocabulary does not cover: malformed data, odd events). */
  frame(data: string, options: FrameOptions = {}): this {
    this.#frameCount++;
    const delay = this.#pendingDelay + (options.delay ?? 0);
    this.#pendingDelay = 0;
    this.#target.push({
      delay,
      ...(options.event === undefined ? {} : { event: options.event }),
      id: String(this.#frameCount),
      data,
    });
    return this;
  }

  /** Silence: adds `ms` to the delay of whatever comes next. */
  wait(ms: number): this {
    this.#pendingDelay += ms;
    return this;
  }

  /** The server drops the connection here (once); the run itself goes on. */
  disconnect(options: { delay?: number } = {}): this {
    const delay = this.#pendingDelay + (options.delay ?? 0);
    this.#pendingDelay = 0;
    this.#target.push({ type: 'disconnect', delay });
    return this;
  }

  /**
   * What follows is played for a continuation whose answers match `when` (see
   * `ScenarioContinuation`), as a new run that goes on with the same message; end it with `done()`.
   */
  continuation(when: Record<string, ContinuationMatch>): this {
    const section: ScenarioContinuation = { type: 'continuation', when: { ...when }, steps: [] };
    this.#continuations.push(section);
    this.#target = section.steps;
    this.#pendingDelay = 0;
    return this;
  }

  /** The backend keeps no record of what the run asks: its continuations are refused. */
  forgetAsks(): this {
    this.#header.forgetAsks = true;
    return this;
  }

  /** An `error` event. */
  abstract error(message: string, options?: { delay?: number; code?: string }): this;

  /** The `done` event that ends a run. */
  done(options: { delay?: number } = {}): this {
    return this.frame('', { event: 'done', delay: options.delay ?? 20 });
  }

  /** The finished scenario, checked with the same rules as a file (throws on a bug in the builder code). */
  build(): Scenario {
    const scenario: Scenario = { header: { ...this.#header }, steps: [...this.#steps] };
    if (this.#continuations.length > 0) {
      scenario.continuations = this.#continuations.map((section) => ({
        ...section,
        steps: [...section.steps],
      }));
    }
    const result = validateScenario(scenario);
    if (!result.ok) throw new ScenarioFormatError(result.issues);
    return result.scenario;
  }
}
