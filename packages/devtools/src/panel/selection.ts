/** What the panel points at: a turn (or all), a frame, a call. Tabs read and set it. */
export interface Selection {
  /** The turn shown, or `null` for all of them. */
  turn: number | null;
  /** The selected frame (index in the recording). */
  frame: number | null;
  /** The selected call: its answer and id. */
  call: { messageId: string; callId: string } | null;
  /** The selected error (index in the recording's errors). */
  error: number | null;
}

export const NO_SELECTION: Selection = { turn: null, frame: null, call: null, error: null };
