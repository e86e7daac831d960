import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitBlocks } from './split-blocks.js';

describe('splitBlocks', () => {
  it('cuts at blank lines before a line at column 0', () => {
    expect(splitBlocks('a\n\nb\n\nc')).toEqual(['a\n', 'b\n', 'c']);
  });

  it('keeps a fenced block whole, blank lines included, and an unclosed fence to the end', () => {
    expect(splitBlocks('x\n\n```\none\n\ntwo\n```\n\ny')).toEqual(['x\n', '```\none\n\ntwo\n```\n', 'y']);
    expect(splitBlocks('x\n\n```\none\n\ntwo')).toEqual(['x\n', '```\none\n\ntwo']);
  });

  it('keeps indented continuations with their block', () => {
    expect(splitBlocks('- item\n\n  continued\n\nnext')).toEqual(['- item\n\n  continued\n', 'next']);
  });

  it('leaves text with reference definitions whole', () => {
    const source = 'see [docs][d]\n\n[d]: https://example.com';
    expect(splitBlocks(source)).toEqual([source]);
  });

  it('loses no character: the blocks joined by newlines are the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', ' b', '```', '~~~', '', '- x', '    code', '# h'), { maxLength: 30 }),
        (lines) => {
          const source = lines.join('\n');
          expect(splitBlocks(source).join('\n')).toBe(source);
        },
      ),
    );
  });
});
