/**
 * What a run asked for when it ended waiting (PROTOCOL.md §11): the calls that wait for an
 * approval, the browser or the person. The store keeps it beside the run, so the continuation
 * that answers may come to any instance, hours later, and is checked against it before anything runs.
 */

/** What a call waits for: the person's approval, the browser to run it, or a value the person gives. */
export type AwaitKind = 'approval' | 'client' | 'input';

/** A delegation a waiting call sits in (innermost first through `parent`), to write under it again. */
export interface DelegationRef {
  /** The delegation's call id. */
  id: string;
  /** The delegation tool's name. */
  tool: string;
  /** The sub-agent working in it. */
  agent: string;
  /** The delegation this one sits in, or `null` at the top. */
  parent: DelegationRef | null;
}

/** One call a run waits on. */
export interface AwaitedCall {
  /** The call's id, as written on the wire. */
  id: string;
  /** The tool's name. */
  name: string;
  kind: AwaitKind;
  /** An approval whose arguments the person may change before approving. */
  editable: boolean;
  /** The arguments the call was made with. */
  args: Record<string, unknown>;
  /** The delegation it was made in, or `null` for a call of the main agent. */
  delegation: DelegationRef | null;
}

/** A run's outstanding asks, as the store keeps them. Plain JSON. */
export interface PendingAsks {
  /** The run that asked. */
  runId: string;
  /** Who the run belongs to (`identify`), or `null`. */
  owner: string | null;
  /** When the run ended waiting (ms since the epoch). */
  savedAt: number;
  /** The calls it waits on, in the order they were made. */
  calls: AwaitedCall[];
  /** What the agent kept to go on with (`writer.checkpoint`), or `null`. */
  state: unknown;
}

/** A pending record as read back: whether a continuation has already claimed it. */
export interface PendingLookup {
  pending: PendingAsks;
  /** A continuation took it: another one must be refused. */
  answered: boolean;
}
