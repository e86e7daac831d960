/**
 * The keys of one run. The run id sits in a hash tag (`{…}`), so a run's keys share a slot and
 * its scripts touch one node.
 */
export interface RunKeys {
  /** Hash: status, owner, seq (last sequence number), created, ended. */
  meta: string;
  /** Stream of frames; entry id `<seq>-0`, fields `e` (event), `d` (data), `end` (on the terminal frame). */
  frames: string;
  /** Stream that tells the run's producer it ended by another hand (durable, unlike pub/sub). */
  control: string;
  /** String with a time to live: the producer is alive while it exists. */
  lease: string;
  /**
   * Hash: `data` (what the run asked for, JSON), `answered` (`1` once a continuation took it).
   * Kept long after the run's other keys expire (a person may answer the next day).
   */
  pending: string;
}

export function runKeys(prefix: string, runId: string): RunKeys {
  const base = `${prefix}:{${runId}}`;
  return {
    meta: `${base}:meta`,
    frames: `${base}:frames`,
    control: `${base}:control`,
    lease: `${base}:lease`,
    pending: `${base}:pending`,
  };
}

/** Sorted set of running runs by their deadline: how many run at once, across instances. */
export function runningKey(prefix: string): string {
  return `${prefix}:running`;
}
