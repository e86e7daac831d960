/**
 * `<toolstream-chat>` in React's JSX. Once in the app (in any `.d.ts` or module it compiles):
 *
 *   import type {} from '@toolstream/widget/jsx';
 *
 * Attributes are typed; `options` is a property, which React 19 sets as one on custom elements
 * (React 18 would write it as an attribute: set it through a ref there).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ToolstreamChatAttributes, ToolstreamChatElement, WidgetOptions } from './index.js';

/** The props of `<toolstream-chat>` in JSX. */
export interface ToolstreamChatProps
  extends Omit<
      DetailedHTMLProps<HTMLAttributes<ToolstreamChatElement>, ToolstreamChatElement>,
      keyof ToolstreamChatAttributes
    >,
    ToolstreamChatAttributes {
  /** Options that are not text: `getToken`, `body`, `toolRenderers`, `storeOptions`… */
  options?: WidgetOptions;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'toolstream-chat': ToolstreamChatProps;
    }
  }
}
