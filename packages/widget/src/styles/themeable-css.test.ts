import uiCss from '@toolstream/ui/styles.css?inline';
import { describe, expect, it } from 'vitest';
import { themeableCss, tokenBridgeCss } from './themeable-css.js';

describe('themeableCss', () => {
  it('renames token declarations, keeps references, and reports the token names', () => {
    const { css, tokens } = themeableCss(
      ':where(:root, :host) { --ts-bg: #fff; --ts-accent:#00f }\n.a { color: var(--ts-accent); background: var(--ts-bg, red) }',
    );
    expect(tokens).toEqual(['bg', 'accent']);
    expect(css).toContain('--tsw-default-bg: #fff');
    expect(css).toContain('--tsw-default-accent:#00f');
    expect(css).toContain('color: var(--ts-accent)');
    expect(css).toContain('var(--ts-bg, red)');
    expect(css).not.toMatch(/[{;\s]--ts-bg\s*:/);
  });

  it('turns rem into the widget unit in declarations but not in selectors or media queries', () => {
    const { css } = themeableCss(
      '@media (min-width: 40rem) { .x-2rem { padding: 0.5rem 1rem; margin: -.25rem; width: calc(100% - 2rem); gap: 10px } }',
    );
    expect(css).toContain('@media (min-width: 40rem)');
    expect(css).toContain('.x-2rem');
    expect(css).toContain('padding: calc(0.5 * var(--tsw-rem)) calc(1 * var(--tsw-rem))');
    expect(css).toContain('margin: calc(-.25 * var(--tsw-rem))');
    expect(css).toContain('width: calc(100% - calc(2 * var(--tsw-rem)))');
    expect(css).toContain('gap: 10px');
  });

  it('leaves no rem value and no token declaration in the kit stylesheet', () => {
    const { css, tokens } = themeableCss(uiCss);
    expect(tokens.length).toBeGreaterThan(0);
    const declarations = css.replace(/[^{}]*\{/g, '{').replace(/\{([^{}]*)\}/g, '$1;');
    expect(declarations).not.toMatch(/\d+rem\b/);
    expect(declarations).not.toMatch(/(^|[;\s])--ts-[\w-]+\s*:/);
    // Every token the kit uses is one the bridge provides (or a property set inline by a component).
    const used = new Set([...uiCss.matchAll(/var\(--ts-([\w-]+)/g)].map((match) => match[1]!));
    const inline = [...used].filter((name) => !tokens.includes(name));
    expect(inline.every((name) => name.startsWith('bar-'))).toBe(true);
  });
});

describe('tokenBridgeCss', () => {
  it('captures each page token on the host and applies it (else the default) inside', () => {
    const css = tokenBridgeCss(['bg', 'fg'], '.root');
    expect(css).toContain(':host{--tsw-page-bg: var(--ts-bg);--tsw-page-fg: var(--ts-fg);}');
    expect(css).toContain(':where(.root, .root *){--ts-bg: var(--tsw-page-bg, var(--tsw-default-bg));');
  });
});
