import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import { PlainText } from './plain-text.js';

/** What a {@link TextRenderer} receives: untrusted text from the stream. */
export interface TextRendererProps {
  /** The text (assistant text, a tool's output, a sub-agent's answer). */
  children: string;
  /** Whether it is still arriving (the last block shows a caret, with the stylesheet). */
  streaming?: boolean;
  className?: string;
}

/**
 * Renders stream text. Text is untrusted: a renderer must never hand it to the DOM as HTML
 * (no raw-HTML props, no `innerHTML`), and may link only http(s) URLs. {@link PlainText} is the
 * default; `Markdown` from `@toolstream/ui/markdown` renders safe markdown.
 */
export type TextRenderer = ComponentType<TextRendererProps>;

const TextRendererContext = createContext<TextRenderer>(PlainText);
TextRendererContext.displayName = 'TextRendererContext';

/** Props of {@link TextRendererProvider}. */
export interface TextRendererProviderProps {
  renderer: TextRenderer;
  children?: ReactNode;
}

/**
 * Sets how the components below render text. Markdown is kept out of the main entry so that a
 * page using a few parts does not carry a markdown parser; `Chat` provides `Markdown` itself.
 *
 * @example
 * ```tsx
 * import { Markdown } from '@toolstream/ui/markdown';
 * <TextRendererProvider renderer={Markdown}><Thread /></TextRendererProvider>
 * ```
 */
export function TextRendererProvider({ renderer, children }: TextRendererProviderProps) {
  return <TextRendererContext.Provider value={renderer}>{children}</TextRendererContext.Provider>;
}
TextRendererProvider.displayName = 'TextRendererProvider';

/** The text renderer in effect. */
export function useTextRenderer(): TextRenderer {
  return useContext(TextRendererContext);
}
