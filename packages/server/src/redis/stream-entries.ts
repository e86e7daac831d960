/** One stream entry as the store reads it. */
export interface StreamEntry {
  id: string;
  /** Field values by name (only the store's own fields are read). */
  fields: Map<string, string>;
}

/**
 * Stream ids (`<ms>-<seq>`) in order. Both parts may exceed 2^53 in principle; ours do not (a
 * run's frames are `<seq>-0`; control entries are timestamps), and BigInt keeps it exact anyway.
 */
export function compareIds(a: string, b: string): number {
  const [aMs = '0', aSeq = '0'] = a.split('-');
  const [bMs = '0', bSeq = '0'] = b.split('-');
  const ms = BigInt(aMs) - BigInt(bMs);
  if (ms !== 0n) return ms < 0n ? -1 : 1;
  const seq = BigInt(aSeq) - BigInt(bSeq);
  return seq === 0n ? 0 : seq < 0n ? -1 : 1;
}

/** Entries of an `XRANGE` reply: `[[id, [field, value, …]], …]`. */
export function parseEntries(reply: unknown): StreamEntry[] {
  if (!Array.isArray(reply)) return [];
  const entries: StreamEntry[] = [];
  for (const item of reply) {
    if (!Array.isArray(item)) continue;
    const [id, values] = item as [unknown, unknown];
    const fields = new Map<string, string>();
    if (Array.isArray(values)) {
      for (let i = 0; i + 1 < values.length; i += 2) fields.set(String(values[i]), String(values[i + 1]));
    } else if (values !== null && typeof values === 'object') {
      // RESP3 clients may give a map of fields.
      const pairs = values instanceof Map ? values.entries() : Object.entries(values);
      for (const [field, value] of pairs) fields.set(String(field), String(value));
    }
    entries.push({ id: String(id), fields });
  }
  return entries;
}

/** Entries by stream of an `XREAD` reply (RESP2: `[[key, entries], …]`; RESP3: a map). */
export function parseXread(reply: unknown): [string, StreamEntry[]][] {
  if (reply === null || reply === undefined) return [];
  const streams: [string, StreamEntry[]][] = [];
  if (Array.isArray(reply)) {
    for (const item of reply) {
      if (!Array.isArray(item)) continue;
      const [key, entries] = item as [unknown, unknown];
      streams.push([String(key), parseEntries(entries)]);
    }
    return streams;
  }
  if (typeof reply === 'object') {
    const pairs = reply instanceof Map ? reply.entries() : Object.entries(reply);
    for (const [key, entries] of pairs) streams.push([String(key), parseEntries(entries)]);
  }
  return streams;
}
