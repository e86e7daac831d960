/**
 * The panel's stylesheet, applied inside its shadow root only: nothing here reaches the page, and
 * `all: initial` keeps the page's inherited styles out; lengths are in px, not rem (the page's
 * root font size is the page's). Light and dark through the
 * `--tsd-*` custom properties.
 */
export const PANEL_CSS = `
:host { all: initial; }
.tsd-panel {
  /* Inherited properties cross into a shadow root: the page's (even !important on the host) stop here. */
  all: initial;
  --tsd-bg: #ffffff; --tsd-bg-2: #f6f7f9; --tsd-bg-3: #eceef2; --tsd-fg: #1c1f24; --tsd-muted: #5c6370;
  --tsd-border: #d9dde3; --tsd-accent: #2456d6; --tsd-accent-fg: #ffffff; --tsd-select: #dfe8fb;
  --tsd-error: #c62828; --tsd-error-bg: #fdecec; --tsd-warn-bg: #fff4d6; --tsd-ok: #146c30;
  --tsd-ins: #146c30; --tsd-del: #a3322c; --tsd-focus: #2456d6;
  --tsd-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --tsd-mono: ui-monospace, "JetBrains Mono", "SF Mono", Menlo, Consolas, monospace;
  position: fixed; z-index: 2147483646; box-sizing: border-box; display: flex; flex-direction: column; container: tsd-panel / inline-size;
  background: var(--tsd-bg); color: var(--tsd-fg); font: 12px/1.45 var(--tsd-font);
  box-shadow: 0 -4px 24px rgb(0 0 0 / 0.12); color-scheme: light;
}
.tsd-panel[data-theme='dark'] {
  --tsd-bg: #17191d; --tsd-bg-2: #1f2227; --tsd-bg-3: #2a2e35; --tsd-fg: #e6e8eb; --tsd-muted: #9aa3ae;
  --tsd-border: #353a42; --tsd-accent: #7aa2ff; --tsd-accent-fg: #0d1220; --tsd-select: #26375c;
  --tsd-error: #ff7b72; --tsd-error-bg: #3b1d1d; --tsd-warn-bg: #3a3120; --tsd-ok: #5fd08a;
  --tsd-ins: #5fd08a; --tsd-del: #ff9b93; --tsd-focus: #7aa2ff; color-scheme: dark;
}
.tsd-panel[hidden] { display: none; }
.tsd-panel *, .tsd-panel *::before, .tsd-panel *::after { box-sizing: border-box; }
.tsd-panel[data-dock='bottom'] { left: 0; right: 0; bottom: 0; max-height: calc(100vh - 48px); border-top: 1px solid var(--tsd-border); }
.tsd-panel[data-dock='right'] { top: 0; right: 0; bottom: 0; max-width: calc(100vw - 48px); border-left: 1px solid var(--tsd-border); }
.tsd-resizer { position: absolute; z-index: 2; background: transparent; }
.tsd-panel[data-dock='bottom'] .tsd-resizer { top: -3px; left: 0; right: 0; height: 6px; cursor: ns-resize; }
.tsd-panel[data-dock='right'] .tsd-resizer { left: -3px; top: 0; bottom: 0; width: 6px; cursor: ew-resize; }
.tsd-resizer:hover, .tsd-resizer:focus-visible { background: var(--tsd-accent); outline: none; }
.tsd-toolbar { display: flex; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid var(--tsd-border); background: var(--tsd-bg-2); flex-wrap: wrap; }
.tsd-title { font-weight: 600; margin-inline-end: 6px; white-space: nowrap; }
.tsd-tabs { display: flex; gap: 2px; }
.tsd-tab, .tsd-button, .tsd-icon-button, .tsd-link, .tsd-input { font: inherit; color: inherit; }
.tsd-tab { border: 0; background: none; padding: 4px 10px; border-radius: 6px; cursor: pointer; display: inline-flex; gap: 6px; align-items: center; }
.tsd-tab[aria-selected='true'] { background: var(--tsd-bg); box-shadow: inset 0 -2px 0 var(--tsd-accent); font-weight: 600; }
.tsd-tab:hover { background: var(--tsd-bg-3); }
.tsd-count { font-size: 11px; padding: 0 6px; border-radius: 999px; background: var(--tsd-bg-3); color: var(--tsd-muted); font-variant-numeric: tabular-nums; }
.tsd-count--error { background: var(--tsd-error); color: #fff; }
.tsd-spacer { flex: 1; }
.tsd-button { border: 1px solid var(--tsd-border); background: var(--tsd-bg); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
.tsd-button:hover { background: var(--tsd-bg-3); }
.tsd-button--primary { background: var(--tsd-accent); color: var(--tsd-accent-fg); border-color: var(--tsd-accent); }
.tsd-icon-button { border: 0; background: none; width: 26px; height: 26px; border-radius: 6px; cursor: pointer; font-size: 14px; }
.tsd-icon-button:hover { background: var(--tsd-bg-3); }
.tsd-link { border: 0; background: none; padding: 0; color: var(--tsd-accent); cursor: pointer; text-decoration: underline; text-underline-offset: 2px; text-align: start; }
.tsd-input { border: 1px solid var(--tsd-border); background: var(--tsd-bg); border-radius: 6px; padding: 3px 8px; min-width: 0; }
.tsd-turn select { max-width: 256px; }
:is(.tsd-tab, .tsd-button, .tsd-icon-button, .tsd-link, .tsd-input, .tsd-list, .tsd-split__detail):focus-visible { outline: 2px solid var(--tsd-focus); outline-offset: 1px; }
.tsd-banner { margin: 0; padding: 4px 10px; background: var(--tsd-warn-bg); border-bottom: 1px solid var(--tsd-border); }
.tsd-body { flex: 1; min-height: 0; display: flex; }
.tsd-split { flex: 1; display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); min-height: 0; }
.tsd-panel[data-dock='right'] .tsd-split { grid-template-columns: 1fr; grid-template-rows: minmax(0, 1fr) minmax(0, 1fr); }
.tsd-split__list { display: flex; flex-direction: column; min-height: 0; min-width: 0; border-inline-end: 1px solid var(--tsd-border); }
.tsd-panel[data-dock='right'] .tsd-split__list { border-inline-end: 0; border-bottom: 1px solid var(--tsd-border); }
.tsd-split__detail { overflow: auto; min-height: 0; min-width: 0; }
.tsd-single { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.tsd-search, .tsd-bar { display: flex; align-items: center; gap: 8px; padding: 4px 8px; margin: 0; border-bottom: 1px solid var(--tsd-border); }
.tsd-search .tsd-input { flex: 1; }
.tsd-list { flex: 1; overflow: auto; min-height: 0; position: relative; contain: strict; }
.tsd-list:focus-visible { outline-offset: -2px; }
.tsd-list__inner { position: relative; width: 100%; }
.tsd-row { position: absolute; top: 0; left: 0; right: 0; display: flex; align-items: center; padding: 0 8px; cursor: default; white-space: nowrap; overflow: hidden; border-bottom: 1px solid color-mix(in srgb, var(--tsd-border) 45%, transparent); }
.tsd-row:hover { background: var(--tsd-bg-2); }
.tsd-row[data-selected] { background: var(--tsd-select); }
.tsd-frame, .tsd-frame-head { display: grid; grid-template-columns: 56px 77px 42px 104px 56px 67px minmax(0, 1fr); gap: 6px; width: 100%; align-items: center; }
.tsd-frame-head { padding: 2px 8px; color: var(--tsd-muted); font-size: 11px; border-bottom: 1px solid var(--tsd-border); }
.tsd-frame > span, .tsd-timeline > span, .tsd-error-row > span { overflow: hidden; text-overflow: ellipsis; }
.tsd-frame[data-duplicate] { color: var(--tsd-muted); text-decoration: line-through; text-decoration-color: color-mix(in srgb, var(--tsd-muted) 60%, transparent); }
.tsd-frame[data-error] .tsd-preview { color: var(--tsd-error); }
.tsd-preview { font-family: var(--tsd-mono); font-size: 11px; }
.tsd-code { font-family: var(--tsd-mono); font-size: 11px; }
.tsd-num { font-variant-numeric: tabular-nums; text-align: end; font-family: var(--tsd-mono); font-size: 11px; }
.tsd-muted { color: var(--tsd-muted); }
.tsd-badge { display: inline-block; font-size: 10px; line-height: 16px; padding: 0 6px; margin-inline-end: 6px; border-radius: 4px; background: var(--tsd-bg-3); color: var(--tsd-muted); text-decoration: none; vertical-align: 1px; }
.tsd-badge--error, .tsd-badge[data-state='error'], .tsd-badge[data-state='failed'] { background: var(--tsd-error-bg); color: var(--tsd-error); }
.tsd-badge[data-state='complete'], .tsd-badge[data-state='done'] { color: var(--tsd-ok); }
.tsd-badge[data-state='denied'] { color: var(--tsd-error); }
.tsd-badge[data-state='awaiting-input'], .tsd-badge[data-state='awaiting-result'], .tsd-badge[data-state='streaming'], .tsd-badge[data-state='running'], .tsd-badge[data-state='pending'] { background: var(--tsd-select); color: var(--tsd-accent); }
.tsd-tree { display: inline-flex; gap: 4px; align-items: baseline; overflow: hidden; text-overflow: ellipsis; }
.tsd-tree[data-kind='answer'], .tsd-tree[data-kind='user'] { font-weight: 600; }
.tsd-timeline { display: grid; grid-template-columns: 80px 56px minmax(0, 1fr); gap: 8px; width: 100%; }
.tsd-timeline[data-kind='close'] > span:last-child, .tsd-timeline[data-kind='turn-end'] > span:last-child { font-weight: 600; }
.tsd-error-row { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: 8px; width: 100%; align-items: center; }
.tsd-detail { padding: 8px 12px 16px; }
.tsd-h { margin: 0 0 6px; font-size: 13px; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.tsd-h4 { margin: 12px 0 4px; font-size: 11px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--tsd-muted); }
.tsd-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; }
.tsd-facts dt { color: var(--tsd-muted); }
.tsd-facts dd { margin: 0; overflow-wrap: anywhere; }
.tsd-pre { margin: 0; padding: 6px 8px; background: var(--tsd-bg-2); border: 1px solid var(--tsd-border); border-radius: 6px; font: 11px/1.5 var(--tsd-mono); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 352px; overflow: auto; }
.tsd-events, .tsd-changes { margin: 0; padding-inline-start: 18px; display: grid; gap: 2px; }
.tsd-event-type { color: var(--tsd-accent); }
.tsd-changes ins { text-decoration: none; color: var(--tsd-ins); }
.tsd-changes del { color: var(--tsd-del); }
.tsd-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0 0; }
.tsd-empty { margin: 0; padding: 16px 12px; color: var(--tsd-muted); }
.tsd-sheet { position: relative; }
.tsd-sheet__body { position: absolute; right: 0; top: calc(100% + 6px); z-index: 3; width: min(544px, 90vw); padding: 10px 12px; background: var(--tsd-bg); border: 1px solid var(--tsd-border); border-radius: 8px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.18); display: grid; gap: 8px; }
.tsd-panel[data-dock='bottom'] .tsd-sheet__body { top: auto; bottom: calc(100% + 6px); }
.tsd-fieldset { border: 1px solid var(--tsd-border); border-radius: 6px; margin: 0; padding: 6px 10px 10px; display: grid; gap: 6px; }
.tsd-field { display: grid; gap: 2px; }
.tsd-check { display: flex; gap: 6px; align-items: center; }
.tsd-message { position: absolute; right: 0; top: calc(100% + 6px); margin: 0; padding: 4px 10px; border-radius: 6px; background: var(--tsd-bg); border: 1px solid var(--tsd-border); white-space: pre-wrap; max-width: 480px; z-index: 3; }
.tsd-panel[data-dock='bottom'] .tsd-message { top: auto; bottom: calc(100% + 6px); }
.tsd-message[data-kind='error'] { color: var(--tsd-error); border-color: var(--tsd-error); }
.tsd-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@container tsd-panel (max-width: 640px) {
  .tsd-split { grid-template-columns: 1fr; grid-template-rows: minmax(0, 1fr) minmax(0, 1fr); }
  .tsd-split__list { border-inline-end: 0; border-bottom: 1px solid var(--tsd-border); }
  .tsd-frame, .tsd-frame-head { grid-template-columns: 40px 67px 32px 72px minmax(0, 1fr); }
  .tsd-frame > :nth-child(5), .tsd-frame > :nth-child(6), .tsd-frame-head > :nth-child(5), .tsd-frame-head > :nth-child(6) { display: none; }
}
@media (prefers-reduced-motion: no-preference) { .tsd-tab, .tsd-button { transition: background-color 120ms; } }
`;
