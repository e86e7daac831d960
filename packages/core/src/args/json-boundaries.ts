/**
 * Follows the top-level structure of JSON text read piece by piece (brackets, strings, escapes)
 * without building values: enough to tell whether a call's argument text is a whole document
 * yet, and whether several documents came back to back. O(1) per character.
 */
export class JsonBoundaryScanner {
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Something other than whitespace and containers at the top level (not arguments). */
  #stray = false;
  #documents = 0;

  /** Top-level objects or arrays closed so far. */
  get documents(): number {
    return this.#documents;
  }

  /** Whether the text read so far is one or more whole containers (plus whitespace). */
  get complete(): boolean {
    return this.#documents > 0 && this.#depth === 0 && !this.#inString && !this.#stray;
  }

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (code === 92 /* \ */) this.#escape = true;
        else if (code === 34 /* " */) this.#inString = false;
        continue;
      }
      if (code === 34) {
        this.#inString = true;
        if (this.#depth === 0) this.#stray = true;
      } else if (code === 123 || code === 91 /* { [ */) {
        this.#depth++;
      } else if (code === 125 || code === 93 /* } ] */) {
        this.#depth--;
        if (this.#depth === 0) this.#documents++;
        else if (this.#depth < 0) this.#stray = true;
      } else if (this.#depth === 0 && code !== 32 && code !== 10 && code !== 13 && code !== 9) {
        this.#stray = true;
      }
    }
  }
}
