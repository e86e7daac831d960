/** Something that took styles into a shadow root and can take them out again. */
export type RemoveStyles = () => void;

const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/**
 * Styles a shadow root with `css`. Constructable stylesheets (`adoptedStyleSheets`) come first:
 * a strict Content-Security-Policy allows them without `'unsafe-inline'`, and one parsed sheet
 * is shared by every widget on the page. Where they are missing, a `<style>` element carries
 * the text, with `nonce` so that a policy listing that nonce lets it apply.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce: string | undefined): RemoveStyles {
  const sheet = constructableSheet(root, css);
  if (sheet !== null) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce !== undefined && nonce !== '') style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
  return () => style.remove();
}

function constructableSheet(root: ShadowRoot, css: string): CSSStyleSheet | null {
  const view = root.ownerDocument.defaultView;
  if (
    view === null ||
    !('adoptedStyleSheets' in root) ||
    typeof view.CSSStyleSheet?.prototype.replaceSync !== 'function'
  ) {
    return null;
  }
  let cache = sheets.get(root.ownerDocument);
  if (cache === undefined) {
    cache = new Map();
    sheets.set(root.ownerDocument, cache);
  }
  let sheet = cache.get(css);
  if (sheet === undefined) {
    try {
      sheet = new view.CSSStyleSheet();
      sheet.replaceSync(css);
    } catch {
      return null;
    }
    cache.set(css, sheet);
  }
  return sheet;
}
