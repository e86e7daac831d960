import fc from 'fast-check';
import { compiler } from 'markdown-to-jsx/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { markdownOverrides } from './markdown-overrides.js';
import { extendSimpleBlock, type SimpleBlockCache, simpleBlock } from './simple-block.js';

const OPTIONS = {
  disableParsingRawHTML: true,
  tagfilter: true,
  forceBlock: true,
  wrapper: null,
  overrides: markdownOverrides,
} as const;

/** What the markdown parser itself makes of `text` (streaming or not). */
const parsed = (text: string, streaming: boolean) =>
  renderToStaticMarkup(compiler(text, streaming ? { ...OPTIONS, optimizeForStreaming: true } : OPTIONS));

/** What `<Markdown>` renders for one block (with the fast path when it applies). */
const rendered = (text: string, streaming: boolean) => {
  const html = renderToStaticMarkup(<Markdown streaming={streaming}>{text}</Markdown>);
  return html.replace(/^<div[^>]*>/, '').replace(/<\/div>$/, '');
};

/** Characters of plain text and of markdown syntax, mixed, to find where the two could differ. */
const character = fc.constantFrom(
  ...'abcXYZ019 ,.;\'"?()%/+=-–—…‘’“”éü日本語',
  ...'*_~`[]!<>&#|\\:@\n\t',
  'a_b',
  ': ',
  '**',
  '\n- ',
  ' **',
  '** ',
);
/** Pieces the way streamed tool output grows: words, bold runs, list items, line breaks… */
const wellFormedPiece = fc.constantFrom(
  'word',
  ' word',
  '  word',
  ' two words',
  ' **bold**',
  '**b**',
  ' **x y**',
  '\n- item',
  '\n- **b** c',
  '\n',
  ' ',
  ', (x).',
  ' call_id',
  ' a_b_c',
  ' Label: value',
);
/** …and pieces that make them something else. */
const piece = fc.oneof(
  wellFormedPiece,
  fc.constantFrom('1.', '2)', 'www.x', '- ', '-', '#', '> ', '  ', '\t', '*', '***', '__', 'é', '日本'),
);
const candidate = fc.oneof(
  fc.array(character, { maxLength: 24 }).map((chars) => chars.join('')),
  fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.array(wellFormedPiece, { maxLength: 16 }).map((pieces) => pieces.join('')),
  fc.constantFrom(
    '1. item',
    '2) item',
    '- item',
    '+ item',
    '* item',
    'www.example.com',
    'WWW.x.org ok',
    'a\nb',
    '    code',
    'a\n- b\nc',
    '- a\n\n- b',
    'a\n---',
    'a\n- - -',
    '**a** b',
    'a**b**c',
    ' lead',
    '\n\nafter blank lines',
    '\n- item after a newline',
    '\n \nx',
    '   three',
    '    four',
    ' - item',
    '  **b** c',
    '   1. x',
  ),
);

describe('simpleBlock', () => {
  it('accepts only text the markdown parser renders to the same DOM', () => {
    fc.assert(
      fc.property(candidate, fc.boolean(), (text, streaming) => {
        if (simpleBlock(text) === null) return;
        expect(rendered(text, streaming)).toBe(parsed(text, streaming));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['a few words', { paragraph: [{ text: 'a few words', strong: false }], items: [] }],
    [
      'Zürich, 50% (est.) — “done”…\n\n',
      { paragraph: [{ text: 'Zürich, 50% (est.) — “done”…', strong: false }], items: [] },
    ],
    [
      'found **two** results\n- first one\n- the **second**\n',
      {
        paragraph: [
          { text: 'found ', strong: false },
          { text: 'two', strong: true },
          { text: ' results', strong: false },
        ],
        items: [
          [{ text: 'first one', strong: false }],
          [
            { text: 'the ', strong: false },
            { text: 'second', strong: true },
          ],
        ],
      },
    ],
    ['- only a list', { paragraph: null, items: [[{ text: 'only a list', strong: false }]] }],
    [' starts with a space', { paragraph: [{ text: 'starts with a space', strong: false }], items: [] }],
  ])('takes %j', (text, expected) => {
    expect(simpleBlock(text)).toEqual(expected);
  });

  it.each([
    'a **half-written',
    'a *b*',
    '1. item',
    '+ item',
    '- 1. nested',
    'see www.example.com',
    'http://x.org',
    'a\nb',
    'a\n- b\nlazy continuation',
    '    four spaces: code',
    '-  two spaces',
    '#1',
    'a & b',
    'a ** b**',
  ])('leaves %j to the parser', (text) => {
    expect(simpleBlock(text)).toBeNull();
  });

  it('gives Markdown the same DOM either way', () => {
    for (const text of ['Fetching page 3… done. ', 'Found **3** hits:\n- one\n- **two** more']) {
      expect(renderToStaticMarkup(<Markdown streaming>{text}</Markdown>)).toBe(
        `<div data-slot="markdown" data-streaming="" class="ts-markdown">${parsed(text, true)}</div>`,
      );
    }
  });

  it('extends a growing block to exactly what simpleBlock makes of it, at every step', () => {
    // The candidates, grown the way a stream grows them: in pieces cut anywhere.
    const growing = fc
      .tuple(
        fc.oneof(
          candidate,
          candidate.map((a) => `${a} `),
        ),
        candidate,
        candidate,
      )
      .chain(([a, b, c]) => {
        const text = a + b + c;
        return fc
          .uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length) }), { maxLength: 12 })
          .map((cuts) => ({ text, cuts: [...cuts.sort((x, y) => x - y), text.length] }));
      });
    let extended = 0;
    fc.assert(
      fc.property(growing, ({ text, cuts }) => {
        let cache: SimpleBlockCache | null = null;
        for (const cut of cuts) {
          const prefix = text.slice(0, cut);
          const block = extendSimpleBlock(cache, prefix);
          expect(block).toEqual(simpleBlock(prefix));
          if (cache?.block != null && block !== null && prefix.length > cache.text.length) extended++;
          cache = { text: prefix, block };
        }
      }),
      { numRuns: 3000 },
    );
    // The generator reaches the incremental path, not only the fallbacks.
    expect(extended).toBeGreaterThan(500);
  });

  it('checks only what was added: the neighbour rules see the character before it', () => {
    const grow = (...pieces: string[]) => {
      let cache: SimpleBlockCache | null = null;
      let text = '';
      for (const piece of pieces) {
        text += piece;
        cache = { text, block: extendSimpleBlock(cache, text) };
      }
      return cache!.block;
    };
    expect(grow('Label:', ' value')).toEqual(simpleBlock('Label: value'));
    expect(grow('Label:', 'value')).toBeNull(); // a URL scheme, for all we know
    expect(grow('call', '_id')).toEqual(simpleBlock('call_id'));
    expect(grow('**b**', 'x')).toBeNull(); // nothing may follow a closing pair but space or punctuation
    expect(grow('**b**', ' x')).toEqual(simpleBlock('**b** x'));
    expect(grow('12', '. item')).toBeNull(); // an ordered list after all
    expect(grow('see ww', 'w.x')).toBeNull();
    expect(grow('a ', '', 'b')).toEqual(simpleBlock('a b'));
  });
});
