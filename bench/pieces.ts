import { createRandom } from './prng.js';

/** The input as a network delivers it: separate byte buffers, cut anywhere. */
export interface Pieces {
  pieces: readonly Uint8Array[];
  /** Cuts that fall inside a multi-byte UTF-8 character. */
  cutsInsideCharacters: number;
}

/**
 * Cuts `bytes` into pieces of about `size` bytes (±25 %, seeded), each its own buffer as a socket
 * read would be. Every fourth cut is moved into the next multi-byte character, so decoders that
 * mishandle split characters fail the check rather than pass by luck.
 */
export function cutIntoPieces(bytes: Uint8Array, size: number, seed: number): Pieces {
  const random = createRandom(seed);
  const pieces: Uint8Array[] = [];
  let cutsInsideCharacters = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + random.int(Math.floor(size * 0.75), Math.floor(size * 1.25)));
    if (pieces.length % 4 === 3) {
      // Find the next lead byte of a multi-byte character (0b11xxxxxx) and cut right after it.
      let lead = end;
      while (lead < bytes.length && lead < end + size && (bytes[lead]! & 0xc0) !== 0xc0) lead++;
      if (lead < bytes.length - 1 && lead < end + size) end = lead + 1;
    }
    if (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) cutsInsideCharacters++;
    pieces.push(bytes.slice(start, end));
    start = end;
  }
  return { pieces, cutsInsideCharacters };
}

/**
 * Yields the pieces as a response body would (one `await` each), calling `probe` after each
 * one has been handled: the heap is sampled there, in the untimed memory run.
 */
export async function* streamPieces(
  pieces: readonly Uint8Array[],
  probe: (() => void) | null,
): AsyncGenerator<Uint8Array> {
  for (const piece of pieces) {
    yield piece;
    probe?.();
  }
}
