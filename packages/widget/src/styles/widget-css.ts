/** The class of the element React renders into, inside the shadow root. */
export const ROOT_CLASS = 'tsw-root';

/**
 * The widget's own rules, after the kit's. `!important` on `:host` beats even `!important`
 * page rules (inside a shadow tree, its own important declarations win), so a page's
 * `* { display: inline !important }` cannot unmake the element; its margin, size and position
 * stay the page's to set. Inside, `all: initial` on the
 * root cuts inheritance from the page (fonts, colours, line heights, text transforms…), and
 * the kit's tokens put font and colour back. Sizes are in `--tsw-rem`, a fixed 16px, instead
 * of `rem`, which would follow the page's root font size. Layout knobs a page may set on the
 * element: `--ts-widget-offset`, `--ts-widget-width`, `--ts-widget-height`, `--ts-widget-z-index`.
 */
export const widgetCss = `
:host {
  display: block !important;
  padding: 0 !important;
  border: 0 !important;
  background: none !important;
  --tsw-rem: 16px;
}
:host([hidden]) {
  display: none !important;
}
.${ROOT_CLASS} {
  all: initial;
  display: block;
  font-family: var(--ts-font);
  font-size: var(--ts-font-size);
  line-height: var(--ts-line-height);
  color: var(--ts-fg);
  text-align: start;
  -webkit-text-size-adjust: 100%;
  text-size-adjust: 100%;
}
.${ROOT_CLASS}[data-placement="inline"] {
  background: transparent;
}
.${ROOT_CLASS}[data-placement="launcher"] {
  background: transparent;
  height: 0;
}
.tsw-launcher {
  position: fixed;
  inset-block-end: var(--ts-widget-offset, 20px);
  inset-inline-end: var(--ts-widget-offset, 20px);
  z-index: var(--ts-widget-z-index, 2147483000);
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: var(--ts-accent);
  color: var(--ts-accent-fg);
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
  cursor: pointer;
}
.tsw-launcher:focus-visible,
.tsw-close:focus-visible {
  outline: 2px solid var(--ts-focus);
  outline-offset: 3px;
}
.tsw-launcher svg {
  width: 26px;
  height: 26px;
}
.tsw-panel {
  position: fixed;
  inset-block-end: calc(var(--ts-widget-offset, 20px) + 68px);
  inset-inline-end: var(--ts-widget-offset, 20px);
  z-index: var(--ts-widget-z-index, 2147483000);
  display: flex;
  flex-direction: column;
  width: var(--ts-widget-width, min(400px, calc(100vw - 32px)));
  height: var(--ts-widget-height, min(600px, calc(100vh - 120px)));
  border-radius: var(--ts-radius);
  box-shadow: 0 8px 32px rgb(0 0 0 / 0.3);
  /* A default, not the token itself: the token is re-derived on every element below. */
  --tsw-default-thread-height: none;
}
.tsw-panel[hidden] {
  display: none;
}
.tsw-panel > [data-slot="chat"] {
  flex: 1 1 auto;
  min-height: 0;
}
.tsw-panel [data-slot="chat-header"] {
  padding-inline-end: 36px;
}
.tsw-close {
  position: absolute;
  inset-block-start: 10px;
  inset-inline-end: 10px;
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  margin: 0;
  padding: 0;
  border: 1px solid transparent;
  border-radius: var(--ts-radius-sm);
  background: transparent;
  color: var(--ts-muted);
  font: inherit;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
}
.tsw-close:hover {
  background: var(--ts-surface);
  color: var(--ts-fg);
}
@media (prefers-reduced-motion: no-preference) {
  .tsw-panel:not([hidden]) {
    animation: tsw-open 140ms ease-out;
  }
}
@keyframes tsw-open {
  from {
    opacity: 0;
    transform: translateY(8px);
  }
}
`;
