/**
 * Styles a shadow root with `css`: a constructable stylesheet where there is one (a strict
 * Content-Security-Policy allows it without `'unsafe-inline'`, as the widget relies on too), else
 * a `<style>` element. Returns what removes it.
 */
export function styleShadow(root: ShadowRoot, css: string): () => void {
  const view = root.ownerDocument.defaultView;
  if (
    view !== null &&
    'adoptedStyleSheets' in root &&
    typeof view.CSSStyleSheet?.prototype.replaceSync === 'function'
  ) {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  root.prepend(style);
  return () => style.remove();
}
