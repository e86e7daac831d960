import type { Pieces } from './pieces.js';
import type { ExpectedState, Workload } from './workload.js';

/** Called now and then during a memory run to sample the heap. */
export type Probe = () => void;

/** What a contender is fed: the workload, its bytes already cut into network-sized pieces. */
export interface BenchInput {
  workload: Workload;
  pieces: Pieces;
}

/** One run of one contender, set up and ready to start. Single use. */
export interface PreparedRun {
  /** The timed part: consume the whole stream and build the final state (kept inside). */
  run(probe: Probe | null): Promise<void>;
  /** Untimed: what differs from the expected state (empty when correct). */
  check(expected: ExpectedState): string[];
  /**
   * Set when the run stopped early on purpose (a time budget): the share of the input it
   * consumed. The time is then a lower bound and the state is not checked.
   */
  readonly truncated?: { consumed: number; reason: string } | undefined;
}

/** One implementation under test. */
export interface Contender {
  key: 'floor' | 'reference' | 'ai-sdk' | 'core' | 'core-general';
  label: string;
  /** Untimed set-up of one run (translating the input into another protocol happens here). */
  prepare(input: BenchInput): PreparedRun;
}
