/** Bytes the UTF-8 encoding of `text` takes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A time offset: `+12 ms`, `+1.25 s`. */
export function formatOffset(ms: number): string {
  const sign = ms < 0 ? '−' : '+';
  const abs = Math.abs(ms);
  return abs < 1000 ? `${sign}${Math.round(abs)} ms` : `${sign}${(abs / 1000).toFixed(2)} s`;
}

/** How much of a frame's data the detail view shows before "Show all". */
export const SHOWN_DATA = 64_000;

/** A frame's data for reading: JSON indented, anything else as it is. */
export function prettyData(data: string): { text: string; json: boolean } {
  const first = data.trimStart()[0];
  if (first !== '{' && first !== '[') return { text: data, json: false };
  try {
    return { text: JSON.stringify(JSON.parse(data), null, 2), json: true };
  } catch {
    return { text: data, json: false };
  }
}

/** One line of `text`, cut to `max` characters. */
export function oneLine(text: string, max = 160): string {
  const line = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const flat = line.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
