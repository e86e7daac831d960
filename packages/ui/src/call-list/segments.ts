/** A stretch of a call list: one call on its own, or finished calls shown as one group. */
export type Segment = { type: 'call'; id: string; index: number } | { type: 'group'; ids: string[] };

/** Fewest finished calls in a row that make a group. */
const MIN_GROUP = 2;

/**
 * Cuts a list of calls into single calls and groups: every run of at least two consecutive
 * groupable calls (finished without trouble, plain tools) becomes a group.
 */
export function segmentCalls(ids: readonly string[], groupable: readonly boolean[]): Segment[] {
  const out: Segment[] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length >= MIN_GROUP) out.push({ type: 'group', ids: run.map((index) => ids[index]!) });
    else for (const index of run) out.push({ type: 'call', id: ids[index]!, index });
    run = [];
  };
  ids.forEach((id, index) => {
    if (groupable[index]) run.push(index);
    else {
      close();
      out.push({ type: 'call', id, index });
    }
  });
  close();
  return out;
}
