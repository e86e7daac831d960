import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BlockSplit, extendSplit, splitBlocks } from './split-blocks.js';

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

describe('extendSplit', () => {
  const line = fc.constantFrom(
    'a',
    ' b',
    '```',
    '~~~',
    '',
    '- x',
    '    code',
    '# h',
    '[d]: https://x.org',
    'c [d]',
  );

  it('cuts a text grown piece by piece exactly as splitBlocks cuts the whole text', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 12 }), (lines, cuts) => {
        const source = lines.join('\n');
        // Grow the text in pieces cut at arbitrary points (inside lines too).
        const ends = [...new Set(cuts.map((n) => n % (source.length + 1)))].sort((a, b) => a - b);
        let split: BlockSplit | null = null;
        for (const end of [...ends, source.length]) {
          const text = source.slice(0, end);
          split = extendSplit(split, text);
          expect(split.blocks).toEqual(splitBlocks(text));
        }
      }),
    );
  });

  it('starts over when the text did not just grow', () => {
    const first = extendSplit(null, 'one\n\ntwo');
    expect(extendSplit(first, 'uno\n\ndos').blocks).toEqual(['uno\n', 'dos']);
    expect(extendSplit(first, 'one').blocks).toEqual(['one']);
  });

  it('keeps earlier blocks as they were (same strings) and returns the same split for the same text', () => {
    const first = extendSplit(null, 'one\n\ntwo');
    const grown = extendSplit(first, 'one\n\ntwo more\n\nthree');
    expect(grown.blocks).toEqual(['one\n', 'two more\n', 'three']);
    expect(grown.blocks[0]).toBe(first.blocks[0]);
    expect(extendSplit(grown, grown.text)).toBe(grown);
  });
});
