import type { ProtocolOption } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import type { InitialMessage } from './initial-messages.js';
import type { WidgetOptions, WidgetPlacement, WidgetTheme } from './options.js';

/** The attributes `<toolstream-chat>` reads (and observes). */
export const WIDGET_ATTRIBUTES = [
  'endpoint',
  'protocol',
  'method',
  'title',
  'theme',
  'placement',
  'placeholder',
  'show-timeline',
  'headers',
  'initial-messages',
  'persist',
  'storage-key',
  'nonce',
] as const;

/** Options that attributes can give: every key is present, `undefined` where its attribute is absent or invalid. */
export type AttributeOptions = Required<{
  [K in
    | 'endpoint'
    | 'protocol'
    | 'method'
    | 'title'
    | 'theme'
    | 'placement'
    | 'placeholder'
    | 'showTimeline'
    | 'headers'
    | 'initialMessages'
    | 'persist'
    | 'storageKey'
    | 'nonce']: WidgetOptions[K] | undefined;
}>;

/**
 * Reads options from an element's attributes. Every key is present (absent attributes give
 * `undefined`), so merging the result over other options also clears removed attributes.
 */
export function readAttributes(element: Element): AttributeOptions {
  const get = (name: (typeof WIDGET_ATTRIBUTES)[number]) => element.getAttribute(name) ?? undefined;
  return {
    endpoint: get('endpoint'),
    protocol: protocolName(get('protocol')),
    method: oneOf(get('method'), ['POST', 'GET'] as const),
    title: get('title'),
    theme: oneOf(get('theme'), ['light', 'dark', 'auto'] as const satisfies readonly WidgetTheme[]),
    placement: oneOf(get('placement'), ['inline', 'launcher'] as const satisfies readonly WidgetPlacement[]),
    placeholder: get('placeholder'),
    showTimeline: flag(get('show-timeline')),
    headers: stringRecord(get('headers')),
    initialMessages: initialMessages(get('initial-messages')),
    persist: flag(get('persist')),
    storageKey: get('storage-key'),
    // Browsers hide a nonce attribute's value once the element is connected; the property keeps it.
    nonce: (element as HTMLElement).nonce || get('nonce') || undefined,
  };
}

/** The allowed value the attribute names (ignoring case and spaces), else `undefined`. */
function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  const wanted = value?.trim().toLowerCase();
  return allowed.find((item) => item.toLowerCase() === wanted);
}

/** A boolean attribute that can also be switched off explicitly: `persist="false"`. */
function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return !['false', 'off', 'no', '0'].includes(value.trim().toLowerCase());
}

function stringRecord(json: string | undefined): Record<string, string> | undefined {
  const value = parseJson(json);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}

function initialMessages(json: string | undefined): InitialMessage[] | undefined {
  const value = parseJson(json);
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (item): item is InitialMessage =>
      typeof item === 'object' &&
      item !== null &&
      (item.role === 'user' || item.role === 'assistant') &&
      typeof item.text === 'string',
  );
}

function parseJson(json: string | undefined): unknown {
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** A `protocol` attribute: `auto` or the name of a format toolstream reads; anything else is ignored, with a warning. */
function protocolName(value: string | undefined): ProtocolOption | undefined {
  if (value === undefined || value === 'auto') return value;
  if (allProtocols.some((protocol) => protocol.name === value)) return value as ProtocolOption;
  console.warn(
    `toolstream: unknown protocol "${value}"; reading the stream with "auto". Known: ${allProtocols.map((p) => p.name).join(', ')}.`,
  );
  return undefined;
}
