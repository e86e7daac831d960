/**
 * Rewrites `@toolstream/ui`'s stylesheet for a shadow root, so that:
 *
 * - the page's `--ts-*` custom properties win over the kit's defaults. Inherited values lose to
 *   any declaration on the element itself, and the kit declares its tokens on `:host`; so every
 *   token declaration is renamed `--tsw-default-<name>`, the host captures the page's value as
 *   `--tsw-page-<name>`, and each element inside picks the page's value, else the default
 *   (see {@link tokenBridgeCss}).
 * - sizes do not follow the page's root font size. `rem` is relative to the page's `<html>`,
 *   which a page may set to anything (`62.5%` is common), so `<n>rem` in declarations becomes
 *   `calc(<n> * var(--tsw-rem))`, and the widget sets `--tsw-rem` itself.
 *
 * Only declaration blocks change: selectors and at-rule preludes (media queries) stay as they are.
 */
export function themeableCss(css: string): { css: string; tokens: string[] } {
  const tokens = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Innermost `{ … }` blocks hold declarations; the text before them is a selector or prelude.
  const rewritten = withoutComments.replace(/\{([^{}]*)\}/g, (_block, body: string) => {
    const renamed = body.replace(/(^|[;\s])--ts-([\w-]+)(\s*):/g, (_match, before, name: string, space) => {
      tokens.add(name);
      return `${before}--tsw-default-${name}${space}:`;
    });
    const sized = renamed.replace(
      /(^|[^\w.-])(-?(?:\d+\.?\d*|\.\d+))rem\b/g,
      (_match, before, amount) => `${before}calc(${amount} * var(--tsw-rem))`,
    );
    return `{${sized}}`;
  });
  return { css: rewritten, tokens: [...tokens] };
}

/**
 * The rules that connect the page's tokens to the widget: the host reads each `--ts-<name>`
 * the page set (on the element or any ancestor) and each element in the widget uses it, else
 * the kit's default for the theme in effect there.
 */
export function tokenBridgeCss(tokens: readonly string[], scope: string): string {
  const capture = tokens.map((name) => `--tsw-page-${name}: var(--ts-${name});`).join('');
  const apply = tokens
    .map((name) => `--ts-${name}: var(--tsw-page-${name}, var(--tsw-default-${name}));`)
    .join('');
  return `:host{${capture}}:where(${scope}, ${scope} *){${apply}}`;
}
