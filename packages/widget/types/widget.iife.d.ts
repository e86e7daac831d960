/**
 * Types of `widget.iife.js`, the classic script: it defines `<toolstream-chat>` and sets the
 * global `ToolstreamWidget`. For a page's TypeScript (a script that talks to the element), add
 * `/// <reference types="@toolstream/widget/iife" />`.
 */
import type * as Widget from './index.js';

declare global {
  /** What `widget.iife.js` exports: `mount`, `defineToolstreamChat`… (see `@toolstream/widget`). */
  var ToolstreamWidget: typeof Widget;
}
