/**
 * The connections this process serves for each run, so a scenario's scripted disconnect can drop
 * them as a server crash would. (Across instances each process drops its own: a client
 * re-attached elsewhere is not on the producing instance, and nothing drops it — as with a real
 * backend.)
 */
export class LiveConnections {
  readonly #byRun = new Map<string, Set<(afterId: number) => void>>();

  /** Adds a connection's drop; returns the function that removes it. */
  add(runId: string, drop: (afterId: number) => void): () => void {
    let set = this.#byRun.get(runId);
    if (set === undefined) {
      set = new Set();
      this.#byRun.set(runId, set);
    }
    set.add(drop);
    return () => {
      const current = this.#byRun.get(runId);
      current?.delete(drop);
      if (current?.size === 0) this.#byRun.delete(runId);
    };
  }

  /** Drops every connection of a run served here, each once it has sent the frame `afterId`. */
  dropAll(runId: string, afterId: number): void {
    for (const drop of [...(this.#byRun.get(runId) ?? [])]) drop(afterId);
  }
}
