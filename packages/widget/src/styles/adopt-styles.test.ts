import { afterEach, describe, expect, it } from 'vitest';
import { adoptStyles } from './adopt-styles.js';

afterEach(() => {
  delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
});

/** Gives jsdom's shadow roots the `adoptedStyleSheets` browsers have. */
function withAdoptedStyleSheets() {
  const sheets = new WeakMap<ShadowRoot, CSSStyleSheet[]>();
  Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
    configurable: true,
    get(this: ShadowRoot) {
      return sheets.get(this) ?? [];
    },
    set(this: ShadowRoot, value: CSSStyleSheet[]) {
      sheets.set(this, value);
    },
  });
}

function shadowRoot(): ShadowRoot {
  return document.createElement('div').attachShadow({ mode: 'open' });
}

describe('adoptStyles', () => {
  it('adopts one shared constructable sheet where browsers have them, and adds no element', () => {
    withAdoptedStyleSheets();
    const first = shadowRoot();
    const second = shadowRoot();
    const removeFirst = adoptStyles(first, ':host { display: block }', 'ignored');
    adoptStyles(second, ':host { display: block }', undefined);
    expect(first.adoptedStyleSheets).toHaveLength(1);
    expect(first.adoptedStyleSheets[0]).toBe(second.adoptedStyleSheets[0]);
    expect(first.adoptedStyleSheets[0]!.cssRules).toHaveLength(1);
    expect(first.querySelector('style')).toBeNull();
    removeFirst();
    expect(first.adoptedStyleSheets).toHaveLength(0);
    expect(second.adoptedStyleSheets).toHaveLength(1);
  });

  it('falls back to a <style> element, with the nonce when given', () => {
    const root = shadowRoot();
    const remove = adoptStyles(root, ':host { display: block }', 'r4nd0m');
    const style = root.querySelector('style')!;
    expect(style.textContent).toBe(':host { display: block }');
    expect(style.nonce).toBe('r4nd0m');
    remove();
    expect(root.querySelector('style')).toBeNull();
    adoptStyles(root, 'p {}', undefined);
    expect(root.querySelector('style')?.hasAttribute('nonce')).toBe(false);
  });
});
