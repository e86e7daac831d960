import type { ProtocolOption, ToolStreamStoreOptions } from '@toolstream/core';

/** Request headers: an object, or a function returning one (called before each request). */
export type HeadersOption = NonNullable<ToolStreamStoreOptions['headers']>;

import type { InitialMessage } from './initial-messages.js';
import type { WidgetToolRenderers } from './tool-renderers.js';

/** `light` or `dark` forces a palette; `auto` follows the system's colour scheme. */
export type WidgetTheme = 'light' | 'dark' | 'auto';

/** `inline` renders the chat where the element is; `launcher` a floating bubble that opens it in a panel. */
export type WidgetPlacement = 'inline' | 'launcher';

/** Returns a bearer token (or nothing, for no `Authorization` header); called before each request. */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

/** Store options the widget passes through untouched (`fetch`, `reconnect`, `schedule`, `onFinish`…). */
export type WidgetStoreOptions = Omit<
  ToolStreamStoreOptions,
  'endpoint' | 'protocol' | 'method' | 'headers' | 'body' | 'initialState' | 'initialMessages'
>;

/**
 * Options of {@link mount} and of `<toolstream-chat>` (its `options` property; most also exist
 * as attributes). All are optional.
 */
export interface WidgetOptions {
  /** Where messages are POSTed (`endpoint` attribute). */
  endpoint?: string;
  /**
   * The wire format; default `auto`, which recognises every format toolstream reads, the model
   * providers' included (`protocol` attribute: a format's name).
   */
  protocol?: ProtocolOption;
  /** `POST` (default) or `GET` (`method` attribute). */
  method?: 'POST' | 'GET';
  /** The chat's heading and the launcher's accessible name; default "Chat" (`title` attribute). */
  title?: string;
  /** Default `auto` (`theme` attribute). */
  theme?: WidgetTheme;
  /** Default `inline` (`placement` attribute). */
  placement?: WidgetPlacement;
  /** The composer's placeholder (`placeholder` attribute). */
  placeholder?: string;
  /** Show the tool timeline under the thread (`show-timeline` attribute). */
  showTimeline?: boolean;
  /** Request headers: an object, or a function returning one (`headers` attribute: JSON). */
  headers?: HeadersOption;
  /** A token for `Authorization: Bearer <token>`, fetched before each request. */
  getToken?: TokenProvider;
  /** Builds the JSON body of a POST. Default `{ message, ...extra }`. */
  body?: (message: string, extra: Record<string, unknown> | undefined) => unknown;
  /** Messages to start a new conversation with (`initial-messages` attribute: JSON). */
  initialMessages?: readonly InitialMessage[];
  /** Per-tool renderers of call bodies, by tool name (options only). */
  toolRenderers?: WidgetToolRenderers;
  /** Keep the conversation across reloads in sessionStorage; default `true` (`persist="false"` turns it off). */
  persist?: boolean;
  /** Tells apart conversations of widgets that share an endpoint (`storage-key` attribute). */
  storageKey?: string;
  /** Nonce of the `<style>` used where constructable stylesheets are missing (`nonce` attribute). */
  nonce?: string;
  /** Further store options, read when the store is created. */
  storeOptions?: WidgetStoreOptions;
}

/** Every option's name, to clear options that are no longer given. */
export const OPTION_NAMES = Object.keys({
  endpoint: true,
  protocol: true,
  method: true,
  title: true,
  theme: true,
  placement: true,
  placeholder: true,
  showTimeline: true,
  headers: true,
  getToken: true,
  body: true,
  initialMessages: true,
  toolRenderers: true,
  persist: true,
  storageKey: true,
  nonce: true,
  storeOptions: true,
} satisfies Record<keyof WidgetOptions, true>) as (keyof WidgetOptions)[];

/** Options with their defaults applied. */
export interface ResolvedWidgetOptions extends WidgetOptions {
  protocol: ProtocolOption;
  title: string;
  theme: WidgetTheme;
  placement: WidgetPlacement;
  persist: boolean;
  showTimeline: boolean;
}

/** Fills in defaults; `undefined` values count as absent, so `update({ theme: undefined })` resets. */
export function resolveOptions(options: WidgetOptions): ResolvedWidgetOptions {
  return {
    ...options,
    protocol: options.protocol ?? 'auto',
    title: options.title ?? 'Chat',
    theme: options.theme ?? 'auto',
    placement: options.placement ?? 'inline',
    persist: options.persist ?? true,
    showTimeline: options.showTimeline ?? false,
  };
}

/**
 * The options a store is built from: changing one of these starts another conversation (other
 * options are read live, or only affect rendering).
 */
export function storeIdentity(options: ResolvedWidgetOptions): string {
  const protocol = typeof options.protocol === 'string' ? options.protocol : options.protocol.name;
  return JSON.stringify([
    options.endpoint ?? null,
    protocol,
    options.method ?? 'POST',
    options.persist,
    options.storageKey ?? null,
  ]);
}
