// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The selector lists of every style rule (keyframe steps left out). */
function selectors(): string[] {
  const out: string[] = [];
  for (const match of css.matchAll(/([^{};]+)\{/g)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith('@') || /^(from|to|\d+%)$/.test(prelude)) continue;
    out.push(...splitTopLevel(prelude));
  }
  return out;
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts;
}

/** Removes every `:where(…)` group, whatever it holds. */
function withoutWhere(selector: string): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(':where(', i)) {
      let depth = 0;
      for (i += ':where'.length; i < selector.length; i++) {
        if (selector[i] === '(') depth++;
        if (selector[i] === ')' && --depth === 0) break;
      }
      i++;
      continue;
    }
    out += selector[i];
    i++;
  }
  return out;
}

describe('styles.css', () => {
  it('has zero specificity everywhere: only :where() groups, combinators and pseudo-elements', () => {
    const list = selectors();
    expect(list.length).toBeGreaterThan(50);
    const leaks = list.filter(
      (selector) =>
        !/^[\s>+~]*((::?(before|after|placeholder|marker))[\s>+~]*)*$/.test(withoutWhere(selector)),
    );
    expect(leaks).toEqual([]);
  });

  it('themes light and dark by system preference and by data-theme', () => {
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)/);
    const dark = css.search(/:where\(\[data-theme=["']dark["']\]\)/);
    const light = css.search(/:where\(\[data-theme=["']light["']\]\)/);
    expect(dark).toBeGreaterThan(0);
    expect(light).toBeGreaterThan(0);
    // The explicit themes come after the media query, so they win over it.
    expect(Math.min(dark, light)).toBeGreaterThan(css.indexOf('prefers-color-scheme'));
  });

  it('has a caret that does not blink, motion that stops for reduced motion, and a visible focus ring', () => {
    const caret = /\[data-streaming\]\)\s*> :where\(:last-child\)::after \{([^}]*)\}/.exec(css)?.[1];
    expect(caret).toContain('content: var(--ts-caret)');
    expect(caret).not.toContain('animation');
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    // The spinner, the pulsing dot and "Working…" all stand still.
    expect(reduced).toMatch(/tool-call-icon[^{]*status-indicator__dot[^{]*\{\s*animation: none/);
    expect(css).toMatch(/:focus-visible\)[^{]*\{[^}]*outline: 2px solid var\(--ts-focus\)/);
  });

  it('lays the chat out by its own width: a timeline drawer when narrow, a side panel when wide', () => {
    expect(css).toMatch(/container: ts-chat \/ inline-size/);
    const wide = css.slice(css.indexOf('@container ts-chat (min-width'));
    expect(wide).toMatch(/\[data-slot="chat-timeline"\]\[data-state="closed"\]\)\s*\{[^}]*display: block/);
    expect(wide).toMatch(/chat-timeline-toggle[^{]*\{\s*display: none/);
  });

  it('names every token with the --ts- prefix', () => {
    const declared = [...css.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]!);
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((name) => !name.startsWith('--ts-'))).toEqual([]);
  });
});
