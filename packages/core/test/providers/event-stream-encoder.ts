/**
 * Writes AWS event-stream messages (`application/vnd.amazon.eventstream`, the framing of Bedrock's
 * ConverseStream), written here from the format's specification rather than with the SDK codec
 * the adapter reads them with, so the tests check the reader against the format, not against
 * itself. A message is:
 *
 *     total length (uint32 BE) | headers length (uint32 BE) | CRC-32 of those 8 bytes
 *     headers | payload | CRC-32 of everything before it
 *
 * and a header is `name length (uint8) | name | value type (uint8, 7 = string) | value length
 * (uint16 BE) | value`.
 */

const encoder = new TextEncoder();

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as the framing's checksums use. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** One message with string headers and a payload. */
export function encodeMessage(headers: Readonly<Record<string, string>>, payload: string): Uint8Array {
  const headerBytes: number[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const nameBytes = encoder.encode(name);
    const valueBytes = encoder.encode(value);
    headerBytes.push(
      nameBytes.length,
      ...nameBytes,
      7,
      valueBytes.length >> 8,
      valueBytes.length & 0xff,
      ...valueBytes,
    );
  }
  const body = encoder.encode(payload);
  const total = 12 + headerBytes.length + body.length + 4;
  const message = new Uint8Array(total);
  const view = new DataView(message.buffer);
  view.setUint32(0, total, false);
  view.setUint32(4, headerBytes.length, false);
  view.setUint32(8, crc32(message.subarray(0, 8)), false);
  message.set(headerBytes, 12);
  message.set(body, 12 + headerBytes.length);
  view.setUint32(total - 4, crc32(message.subarray(0, total - 4)), false);
  return message;
}

/** Messages back to back, as one byte stream. */
export function concatMessages(messages: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/**
 * The bytes of a fixture written as text (`*.eventstream.txt`): messages separated by blank
 * lines; in each, `:name: value` lines are its headers and the one other line is its JSON
 * payload. `#` lines are comments.
 */
export function encodeEventStreamText(source: string): Uint8Array {
  const messages = source
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const headers: Record<string, string> = {};
      let payload = '';
      for (const line of lines) {
        const header = /^(:[\w-]+): ?(.*)$/.exec(line);
        if (header !== null) headers[header[1]!] = header[2]!;
        else payload = line;
      }
      return encodeMessage(headers, payload);
    });
  return concatMessages(messages);
}
