/**
 * The classic-script build (`widget.iife.js`): everything `index.ts` exports, as the global
 * `ToolstreamWidget`, and `<toolstream-chat>` defined, so a page needs only the script tag.
 */
import { defineToolstreamChat } from './element.js';

export * from './index.js';

if (typeof customElements !== 'undefined') defineToolstreamChat();
