import { describe, expect, it } from 'vitest';
import { readAttributes } from './attributes.js';

function element(attributes: Record<string, string>): HTMLElement {
  const node = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

describe('readAttributes', () => {
  it('gives every option key, undefined where the attribute is absent', () => {
    const options = readAttributes(element({}));
    expect(Object.values(options).every((value) => value === undefined)).toBe(true);
    expect(Object.keys(options)).toContain('persist');
  });

  it('reads text attributes as they are', () => {
    const options = readAttributes(
      element({
        endpoint: '/api/chat/stream',
        protocol: 'typed-events',
        title: 'Support',
        placeholder: 'Ask',
        'storage-key': 'k',
      }),
    );
    expect(options).toMatchObject({
      endpoint: '/api/chat/stream',
      protocol: 'typed-events',
      title: 'Support',
      placeholder: 'Ask',
      storageKey: 'k',
    });
  });

  it('accepts known values of enumerated attributes in any case, and nothing else', () => {
    expect(readAttributes(element({ theme: 'Dark', placement: 'LAUNCHER', method: 'get' }))).toMatchObject({
      theme: 'dark',
      placement: 'launcher',
      method: 'GET',
    });
    expect(readAttributes(element({ theme: 'purple', placement: 'sidebar', method: 'PUT' }))).toMatchObject({
      theme: undefined,
      placement: undefined,
      method: undefined,
    });
  });

  it('reads boolean attributes as on unless they say false', () => {
    for (const off of ['false', 'off', 'no', '0', ' FALSE ']) {
      expect(readAttributes(element({ persist: off, 'show-timeline': off }))).toMatchObject({
        persist: false,
        showTimeline: false,
      });
    }
    for (const on of ['', 'true', 'persist']) {
      expect(readAttributes(element({ persist: on, 'show-timeline': on }))).toMatchObject({
        persist: true,
        showTimeline: true,
      });
    }
  });

  it('reads headers and initial messages as JSON, keeping only valid entries', () => {
    const options = readAttributes(
      element({
        headers: '{"x-tenant":"acme","x-count":3}',
        'initial-messages':
          '[{"role":"assistant","text":"Hi"},{"role":"system","text":"no"},{"role":"user"}]',
      }),
    );
    expect(options.headers).toEqual({ 'x-tenant': 'acme' });
    expect(options.initialMessages).toEqual([{ role: 'assistant', text: 'Hi' }]);
    expect(readAttributes(element({ headers: 'not json', 'initial-messages': '{}' }))).toMatchObject({
      headers: undefined,
      initialMessages: undefined,
    });
  });

  it('reads the nonce from the property, which keeps it after browsers hide the attribute', () => {
    const node = element({});
    node.nonce = 'n0nce';
    expect(readAttributes(node).nonce).toBe('n0nce');
    expect(readAttributes(element({ nonce: 'attr' })).nonce).toBe('attr');
  });
});
