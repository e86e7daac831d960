import type { BackendClient } from './backend-client.js';
import { type CorsProbe, probeCors } from './checks/cors.js';
import { type CancelRun, startCancelRun } from './checks/delete-ends-run.js';
import type { StreamRecording } from './sse-session.js';

/**
 * What each run the suite starts is for: `reference` is read whole and then replayed, `cut` is
 * closed midway and re-attached, `cancel` is cancelled with `DELETE` as soon as it is named.
 */
export type RunPurpose = 'reference' | 'cut' | 'cancel';

/** The run number passed to the `body` option for each purpose. */
export const RUN_INDEX: Readonly<Record<RunPurpose, number>> = { reference: 0, cut: 1, cancel: 2 };

/** The options of a conformance run, with their defaults applied. */
export interface ConformanceSettings {
  /** The body of the POST starting each run. */
  body(i: number, purpose: RunPurpose): unknown;
  /** The longest a run (or a replay) may take to end. */
  timeoutMs: number;
  /** How soon after a `DELETE` answered 204 the run's streams must have ended. */
  cancelWithinMs: number;
  /** Sent as `Origin` in the CORS checks. */
  origin: string;
  /** Whether the caller named the origin: CORS is then required rather than checked when offered. */
  originGiven: boolean;
  /** The names of the caller's own headers, lower case (a browser lists them in its preflights). */
  headerNames: readonly string[];
}

/** What the checks share: the client, the settings, and the runs several checks look at (each started once). */
export interface ConformanceContext {
  client: BackendClient;
  settings: ConformanceSettings;
  /** The first run, read to its end. */
  reference(): Promise<StreamRecording>;
  /** A run cancelled with `DELETE` as soon as its POST is answered (its POST also carries `Origin`). */
  cancelRun(): Promise<CancelRun>;
  /** The CORS preflights, and whether the backend offers CORS at all. */
  cors(): Promise<CorsProbe>;
}

/** Creates the context of one conformance run. */
export function createContext(client: BackendClient, settings: ConformanceSettings): ConformanceContext {
  const context: ConformanceContext = {
    client,
    settings,
    reference: once(() => client.start(settings.body(RUN_INDEX.reference, 'reference')).done),
    cancelRun: once(() => startCancelRun(context)),
    cors: once(() => probeCors(context)),
  };
  return context;
}

function once<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    started ??= start();
    return started;
  };
}
