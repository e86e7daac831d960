import type { Scenario } from '../scenario/format.js';
import type { Clock } from './clock.js';
import type { ConnectionFaults } from './faults.js';
import { encodeFrame, type ServedStep, servedSteps } from './sse-encode.js';

/** Where a run writes: one client connection, whatever the transport (MSW stream, Node response). */
export interface RunSink {
  /** One encoded SSE event. */
  write(text: string): void;
  /** The run is over: close the response cleanly. */
  end(): void;
  /** Drop the connection abruptly (a scripted disconnect or a `drop-after` fault). */
  drop(): void;
}

/** Why a connection left a run. */
export type DepartureReason = 'client-closed' | 'dropped';

/** What a run tells its registry. */
export interface RunHooks {
  onFinish(run: Run): void;
  onDeparture(run: Run, reason: DepartureReason): void;
}

/** Where a run is. */
export type MockRunStatus = 'running' | 'finished' | 'cancelled';

/** Options of a {@link Run}. */
export interface RunOptions {
  id: string;
  scenario: Scenario;
  clock: Clock;
  /** Delays are divided by it; `Infinity` plays everything at once. */
  speed: number;
  /** Whether clients may re-attach by id (a named run) or the run belongs to one connection. */
  detachable: boolean;
  /** Start after the frame with this SSE id (a direct GET resuming with `Last-Event-ID`). */
  startAfterId?: string | null;
  hooks: RunHooks;
}

interface Subscriber {
  sink: RunSink;
  faults: ConnectionFaults;
  written: number;
  closed: boolean;
}

interface Produced {
  id: string;
  text: string;
}

/**
 * One replay of a scenario on its own timeline: it produces frames when they are due whether
 * or not anyone is attached, keeps every frame produced, and writes them to the connections
 * attached to it. A connection that attaches late (re-attach with `Last-Event-ID`) first gets
 * the frames it missed.
 */
export class Run {
  readonly id: string;
  readonly scenario: Scenario;
  readonly detachable: boolean;
  readonly #clock: Clock;
  readonly #speed: number;
  readonly #hooks: RunHooks;
  readonly #steps: ServedStep[];
  readonly #produced: Produced[] = [];
  readonly #subscribers = new Set<Subscriber>();
  #position = 0;
  #dueAt = 0;
  #timer: unknown = null;
  #status: MockRunStatus = 'running';

  constructor(options: RunOptions) {
    this.id = options.id;
    this.scenario = options.scenario;
    this.detachable = options.detachable;
    this.#clock = options.clock;
    this.#speed = options.speed;
    this.#hooks = options.hooks;
    this.#steps = servedSteps(options.scenario);
    const after = options.startAfterId ?? null;
    if (after !== null) {
      const index = this.#steps.findIndex((step) => step.kind === 'frame' && step.id === after);
      // An id we never sent: replay from the start (the client drops what it already has by id).
      if (index !== -1) this.#position = index + 1;
      // A scripted drop right after that frame is the one this client is coming back from.
      while (this.#steps[this.#position]?.kind === 'disconnect') this.#position++;
    }
  }

  get status(): MockRunStatus {
    return this.#status;
  }

  /** Frames produced so far. */
  get producedCount(): number {
    return this.#produced.length;
  }

  /** Connections attached now. */
  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /** Starts the timeline. Never produces synchronously, so the first connection attaches first. */
  start(): void {
    if (this.#position >= this.#steps.length) {
      this.#timer = this.#clock.setTimeout(() => this.#finish(), 0);
      return;
    }
    this.#dueAt = this.#clock.now() + this.#scaled(this.#steps[this.#position]!.delay);
    this.#schedule();
  }

  /**
   * Attaches a connection: writes the frames produced after `lastEventId` (all of them when
   * `null` or unknown), then live frames. Returns the function to call when the client goes away.
   */
  attach(
    sink: RunSink,
    options: { lastEventId?: string | null; faults?: ConnectionFaults } = {},
  ): () => void {
    const subscriber: Subscriber = { sink, faults: options.faults ?? {}, written: 0, closed: false };
    const lastEventId = options.lastEventId ?? null;
    const index = lastEventId === null ? -1 : this.#produced.findIndex((frame) => frame.id === lastEventId);
    this.#subscribers.add(subscriber);
    this.#checkDrop(subscriber);
    for (const frame of this.#produced.slice(index + 1)) {
      if (subscriber.closed) break;
      this.#deliver(subscriber, frame);
    }
    if (!subscriber.closed && this.#status !== 'running') this.#endSubscriber(subscriber);
    return () => {
      if (!subscriber.closed) this.#depart(subscriber, 'client-closed');
    };
  }

  /** Stops the timeline and closes every connection. Idempotent. */
  cancel(): void {
    if (this.#status !== 'running') {
      this.#closeAll();
      return;
    }
    this.#status = 'cancelled';
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#closeAll();
  }

  #scaled(delay: number): number {
    return this.#speed === Number.POSITIVE_INFINITY ? 0 : delay / this.#speed;
  }

  #schedule(): void {
    const wait = Math.max(0, this.#dueAt - this.#clock.now());
    this.#timer = this.#clock.setTimeout(() => this.#tick(), wait);
  }

  /** Produces every step that is due, then waits for the next one. */
  #tick(): void {
    this.#timer = null;
    if (this.#status !== 'running') return;
    const now = this.#clock.now();
    while (this.#position < this.#steps.length && this.#dueAt <= now) {
      this.#play(this.#steps[this.#position]!);
      this.#position++;
      if (this.#status !== 'running') return; // cancelled by a departure hook
      const next = this.#steps[this.#position];
      if (next !== undefined) this.#dueAt += this.#scaled(next.delay);
    }
    if (this.#position >= this.#steps.length) this.#finish();
    else this.#schedule();
  }

  #play(step: ServedStep): void {
    if (step.kind === 'disconnect') {
      for (const subscriber of [...this.#subscribers]) this.#drop(subscriber);
      return;
    }
    const frame = { id: step.id, text: encodeFrame(step) };
    this.#produced.push(frame);
    for (const subscriber of [...this.#subscribers]) this.#deliver(subscriber, frame);
  }

  #deliver(subscriber: Subscriber, frame: Produced): void {
    if (subscriber.closed || this.#stalled(subscriber)) return;
    subscriber.sink.write(frame.text);
    subscriber.written++;
    this.#checkDrop(subscriber);
  }

  #stalled(subscriber: Subscriber): boolean {
    const limit = subscriber.faults.stallAfter;
    return limit !== undefined && subscriber.written >= limit;
  }

  #checkDrop(subscriber: Subscriber): void {
    const limit = subscriber.faults.dropAfter;
    if (limit !== undefined && subscriber.written >= limit) this.#drop(subscriber);
  }

  #drop(subscriber: Subscriber): void {
    if (subscriber.closed) return;
    subscriber.sink.drop();
    this.#depart(subscriber, 'dropped');
  }

  #depart(subscriber: Subscriber, reason: DepartureReason): void {
    subscriber.closed = true;
    this.#subscribers.delete(subscriber);
    this.#hooks.onDeparture(this, reason);
  }

  #finish(): void {
    this.#timer = null;
    if (this.#status !== 'running') return;
    this.#status = 'finished';
    // A stalled connection stays open and silent, as a hung server's would: the client must time out.
    for (const subscriber of [...this.#subscribers]) {
      if (!this.#stalled(subscriber)) this.#endSubscriber(subscriber);
    }
    this.#hooks.onFinish(this);
  }

  #endSubscriber(subscriber: Subscriber): void {
    if (subscriber.closed || this.#stalled(subscriber)) return;
    subscriber.closed = true;
    this.#subscribers.delete(subscriber);
    subscriber.sink.end();
  }

  #closeAll(): void {
    for (const subscriber of [...this.#subscribers]) {
      subscriber.closed = true;
      subscriber.sink.end();
    }
    this.#subscribers.clear();
  }
}
