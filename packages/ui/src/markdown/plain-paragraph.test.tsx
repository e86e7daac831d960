import fc from 'fast-check';
import { compiler } from 'markdown-to-jsx/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { markdownOverrides } from './markdown-overrides.js';
import { plainParagraph } from './plain-paragraph.js';

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

/** Characters of plain text and of markdown syntax, mixed, to find where the two could differ. */
const character = fc.constantFrom(...'abcXYZ019 ,.;\'"?()%/+=-–—…‘’“”éü日本語', ...'*_~`[]!<>&#|\\:@\n\t');
const candidate = fc.oneof(
  fc.array(character, { maxLength: 24 }).map((chars) => chars.join('')),
  fc.constantFrom(
    '1. item',
    '2) item',
    '- item',
    '+ item',
    'www.example.com',
    'WWW.x.org ok',
    'a\nb',
    '    code',
  ),
);

describe('plainParagraph', () => {
  it('accepts only text the markdown parser renders as that one plain paragraph', () => {
    fc.assert(
      fc.property(candidate, fc.boolean(), (text, streaming) => {
        const plain = plainParagraph(text);
        if (plain === null) return;
        expect(renderToStaticMarkup(<p>{plain}</p>)).toBe(parsed(text, streaming));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['a few words', 'a few words'],
    ['Zürich, 50% (est.) — “done”…\n\n', 'Zürich, 50% (est.) — “done”…'],
  ])('takes %j as plain', (text, expected) => {
    expect(plainParagraph(text)).toBe(expected);
  });

  it.each([
    '**bold**',
    '1. item',
    '- item',
    'see www.example.com',
    'http://x.org',
    'a\nb',
    ' lead',
    '#1',
    'a & b',
  ])('leaves %j to the parser', (text) => {
    expect(plainParagraph(text)).toBeNull();
  });

  it('gives Markdown the same DOM either way', () => {
    expect(renderToStaticMarkup(<Markdown streaming>{'Fetching page 3… done. '}</Markdown>)).toBe(
      `<div data-slot="markdown" data-streaming="" class="ts-markdown">${parsed('Fetching page 3… done. ', true)}</div>`,
    );
  });
});
