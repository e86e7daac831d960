import type { ToolStreamStore } from '@toolstream/core';
import { readAttributes, WIDGET_ATTRIBUTES } from './attributes.js';
import { attachDevtoolsFromScript, devtoolsUrl } from './devtools.js';
import { mount, type WidgetHandle } from './mount.js';
import { OPTION_NAMES, type WidgetOptions, type WidgetPlacement, type WidgetTheme } from './options.js';

/** The default tag name. */
export const DEFAULT_TAG = 'toolstream-chat';

/**
 * `<toolstream-chat>`: the widget as a custom element. Attributes give the options that fit in
 * text; the `options` property gives the rest (functions, renderers). Where both give a
 * value, the attribute wins.
 */
export interface ToolstreamChatElement extends HTMLElement {
  /** Options beyond the attributes (`getToken`, `body`, `toolRenderers`…). Setting it re-renders. */
  options: WidgetOptions;
  /** The conversation's store while the element is connected, else `null`. */
  readonly store: ToolStreamStore | null;
}

/**
 * The attributes of `<toolstream-chat>` as markup (and JSX) give them: text, JSON for
 * `headers` and `initial-messages`. The `options` property takes everything else.
 */
export interface ToolstreamChatAttributes {
  endpoint?: string;
  /** `auto`, or a format's name (`chat-message-response`, `typed-events`, `openai-chat`, `anthropic`…). */
  protocol?: string;
  method?: 'POST' | 'GET';
  title?: string;
  theme?: WidgetTheme;
  placement?: WidgetPlacement;
  placeholder?: string;
  /** Present (or `true`) to show the tool timeline. */
  'show-timeline'?: boolean | 'true' | 'false';
  /** JSON object of request headers: `'{"x-tenant":"acme"}'`. */
  headers?: string;
  /** JSON array of a new conversation's first messages: `'[{"role":"assistant","text":"Hi!"}]'`. */
  'initial-messages'?: string;
  /** `"false"` keeps nothing in sessionStorage. */
  persist?: 'true' | 'false';
  'storage-key'?: string;
  nonce?: string;
  /**
   * Present to attach `@toolstream/devtools` to the chat: loads `devtools.iife.js` from beside the
   * widget's script, or from the URL given as the value.
   */
  devtools?: boolean | string;
}

declare global {
  interface HTMLElementTagNameMap {
    /** The toolstream chat widget (`@toolstream/widget`). */
    'toolstream-chat': ToolstreamChatElement;
  }
}

/** The class of {@link ToolstreamChatElement}. */
export interface ToolstreamChatElementConstructor {
  new (): ToolstreamChatElement;
  readonly observedAttributes: readonly string[];
}

/**
 * Defines the custom element (by default `<toolstream-chat>`) and returns its class; defining
 * an already defined tag returns the class it has. The class is created here rather than at
 * import, so importing the package where there is no DOM (server rendering) is harmless.
 */
export function defineToolstreamChat(tag: string = DEFAULT_TAG): ToolstreamChatElementConstructor {
  const existing = customElements.get(tag);
  if (existing !== undefined) return existing as unknown as ToolstreamChatElementConstructor;
  const element = createElementClass();
  customElements.define(tag, element);
  return element;
}

function createElementClass(): ToolstreamChatElementConstructor {
  return class ToolstreamChat extends HTMLElement implements ToolstreamChatElement {
    static readonly observedAttributes = [...WIDGET_ATTRIBUTES, 'devtools'];
    #options: WidgetOptions = {};
    #handle: WidgetHandle | null = null;
    /** The devtools attached (to which store), when the `devtools` attribute asks for them. */
    #devtools: { store: ToolStreamStore; detach: Promise<() => void> } | null = null;

    get options(): WidgetOptions {
      return this.#options;
    }
    set options(options: WidgetOptions) {
      this.#options = options ?? {};
      this.#handle?.update(this.#effectiveOptions());
    }

    get store(): ToolStreamStore | null {
      return this.#handle?.store ?? null;
    }

    connectedCallback() {
      // `options` set before the element was upgraded is an own property hiding the accessor.
      if (Object.hasOwn(this, 'options')) {
        const early = (this as { options?: WidgetOptions }).options;
        delete (this as { options?: WidgetOptions }).options;
        this.#options = early ?? {};
      }
      if (this.#handle === null) this.#handle = mount(this, this.#effectiveOptions());
      this.#syncDevtools();
    }

    disconnectedCallback() {
      // Moving the element (remove, then insert in the same task) must not restart the chat.
      queueMicrotask(() => {
        if (this.isConnected || this.#handle === null) return;
        this.#handle.unmount();
        this.#handle = null;
        this.#syncDevtools();
      });
    }

    attributeChangedCallback(_name: string, previous: string | null, next: string | null) {
      if (previous !== next) this.#handle?.update(this.#effectiveOptions());
      this.#syncDevtools();
    }

    /** Attaches the devtools to the current store while the attribute is there (again after a new store). */
    #syncDevtools() {
      const store = this.#handle?.store ?? null;
      const wanted = this.hasAttribute('devtools') && store !== null;
      if (this.#devtools !== null && (!wanted || this.#devtools.store !== store)) {
        void this.#devtools.detach.then((detach) => detach()).catch(() => {});
        this.#devtools = null;
      }
      if (!wanted || this.#devtools !== null) return;
      const detach = attachDevtoolsFromScript(
        store,
        devtoolsUrl(this.getAttribute('devtools') ?? ''),
        this.nonce || undefined,
      );
      // A script that cannot load leaves the chat as it is; the console says why.
      detach.catch((error: unknown) => console.warn('toolstream:', error));
      this.#devtools = { store, detach };
    }

    #effectiveOptions(): WidgetOptions {
      const present = Object.fromEntries(
        Object.entries(readAttributes(this)).filter(([, value]) => value !== undefined),
      );
      // Every option is listed, so one no longer given (a removed attribute, a key dropped from
      // `options`) goes back to its default when merged into the mounted widget's options.
      const cleared = Object.fromEntries(OPTION_NAMES.map((name) => [name, undefined]));
      return { ...cleared, ...this.#options, ...present };
    }
  };
}
