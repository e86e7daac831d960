/**
 * @toolstream/widget — a drop-in toolstream chat: the `<toolstream-chat>` custom element and
 * `mount()`, rendered in an open shadow root with the `@toolstream/ui` kit bundled inside (on
 * Preact, see `scripts/bundle-aliases.ts`). On a plain page, one
 * `<script src=".../widget.iife.js">` defines the element.
 */

export type { AttributeOptions } from './attributes.js';
export { readAttributes, WIDGET_ATTRIBUTES } from './attributes.js';
export type {
  ToolstreamChatAttributes,
  ToolstreamChatElement,
  ToolstreamChatElementConstructor,
} from './element.js';
export { DEFAULT_TAG, defineToolstreamChat } from './element.js';
export type { InitialMessage } from './initial-messages.js';
export type { WidgetHandle } from './mount.js';
export { mount } from './mount.js';
export type {
  TokenProvider,
  WidgetOptions,
  WidgetPlacement,
  WidgetStoreOptions,
  WidgetTheme,
} from './options.js';
export { persistenceKey } from './persistence/persisted-state.js';
export type {
  DefaultToolBody,
  WidgetToolOutput,
  WidgetToolRenderer,
  WidgetToolRendererProps,
  WidgetToolRenderers,
} from './tool-renderers.js';
