import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';

const FORBIDDEN_TAGS = [
  'script',
  'iframe',
  'img',
  'svg',
  'object',
  'embed',
  'style',
  'form',
  'input',
  'video',
  'audio',
  'link',
  'meta',
  'base',
];

/** Every way the rendered DOM could run code or load a resource. */
function unsafeNodes(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_TAGS.includes(tag)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'src' || name === 'srcdoc' || name === 'style' || name === 'xlink:href')
        found.push(`${tag}[${name}]`);
      if (name === 'href' && !/^https?:\/\//i.test(attribute.value))
        found.push(`${tag}[href=${attribute.value}]`);
    }
  }
  return found;
}

function renderMarkdown(source: string, streaming = false) {
  return render(<Markdown streaming={streaming}>{source}</Markdown>).container;
}

describe('Markdown safety', () => {
  it.each([
    ['a script tag', 'hello <script>alert(1)</script> world', '<script>alert(1)</script>'],
    ['an event-handler attribute', '<img src=x onerror=alert(1)>', 'onerror=alert(1)'],
    ['an SVG payload', '<svg onload=alert(1)><circle r="1"/></svg>', '<svg onload=alert(1)>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', '<iframe'],
    ['a raw anchor with javascript:', '<a href="javascript:alert(1)">x</a>', 'javascript:alert(1)'],
    ['a style tag', '<style>body{display:none}</style>', '<style>'],
  ])('renders %s as text, creating no element', (_name, source, visible) => {
    const container = renderMarkdown(source);
    expect(unsafeNodes(container)).toEqual([]);
    expect(container.textContent).toContain(visible);
  });

  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['JavaScript with entities', '[click](jav&#x61;script:alert(1))'],
    ['data:', '[click](data:text/html,<script>alert(1)</script>)'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['a relative path', '[click](/admin/delete)'],
    ['mailto:', '[click](mailto:someone@example.com)'],
  ])('keeps the text of a %s link but no link', (_name, source) => {
    const container = renderMarkdown(source);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('click');
    expect(unsafeNodes(container)).toEqual([]);
  });

  it('opens http(s) links in a new tab without opener or referrer', () => {
    const container = renderMarkdown('[docs](https://example.com/docs) and https://example.org/x');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'https://example.org/x',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('never loads images: an http(s) image becomes a link, any other its alt text', () => {
    const container = renderMarkdown('![chart](https://example.com/c.png) ![logo](javascript:alert(1))');
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/c.png');
    expect(link?.textContent).toContain('chart');
    expect(container.textContent).toContain('logo');
    expect(unsafeNodes(container)).toEqual([]);
  });

  it('gives headings no ids (they would repeat across messages)', () => {
    const container = renderMarkdown('# Title\n\n## Title');
    expect(container.querySelectorAll('h1, h2')).toHaveLength(2);
    expect(container.querySelector('[id]')).toBeNull();
  });

  it('creates no unsafe node for any mix of text and attack fragments', () => {
    const fragment = fc.constantFrom(
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg/onload=alert(1)>',
      '[x](javascript:alert(1))',
      '![y](data:image/svg+xml,<svg onload=alert(1)>)',
      '<a href="javascript:alert(1)">z</a>',
      '<div onclick="alert(1)">d</div>',
      '<iframe srcdoc="<script>alert(1)</script>">',
      '```\n',
      '**',
      '\n\n',
      '[ref]: javascript:alert(1)\n\n[ref]',
      '<details open ontoggle=alert(1)>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fragment, fc.string()), { maxLength: 8 }),
        fc.boolean(),
        (parts, streaming) => {
          const { container, unmount } = render(<Markdown streaming={streaming}>{parts.join('')}</Markdown>);
          try {
            expect(unsafeNodes(container)).toEqual([]);
          } finally {
            unmount();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('Markdown while streaming', () => {
  it('renders an unclosed code fence as code, not as backticks', () => {
    const container = renderMarkdown('Here is the fix:\n\n```ts\nconst a = 1;\nconst b =', true);
    const code = container.querySelector('pre code');
    expect(code?.textContent).toContain('const a = 1;');
    expect(code?.textContent).toContain('const b =');
    expect(container.textContent).not.toContain('```');
  });

  it('holds back a half-written emphasis instead of showing its markers', () => {
    const container = renderMarkdown('This is **very imp', true);
    expect(container.textContent).not.toContain('**');
    expect(container.textContent).toContain('This is');
  });

  it('marks the root as streaming for the caret, and not once complete', () => {
    const streaming = renderMarkdown('text', true);
    expect(streaming.querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(true);
    const done = renderMarkdown('text', false);
    expect(done.querySelector('[data-slot="markdown"]')?.hasAttribute('data-streaming')).toBe(false);
  });

  it('renders the same document whether split into blocks or not', () => {
    const source =
      '# Title\n\nFirst paragraph.\n\n- one\n- two\n\n```\ncode\n\nmore code\n```\n\nLast **bold**.';
    const container = renderMarkdown(source);
    expect([...container.querySelector('[data-slot="markdown"]')!.children].map((e) => e.tagName)).toEqual([
      'H1',
      'P',
      'UL',
      'PRE',
      'P',
    ]);
    expect(container.querySelector('pre')?.textContent).toContain('code\n\nmore code');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });
});
