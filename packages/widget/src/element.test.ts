import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineToolstreamChat, type ToolstreamChatElement } from './element.js';
import { text } from './test-utils/widget.js';

defineToolstreamChat();

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await act(async () => document.body.replaceChildren());
});

async function createElement(attributes: Record<string, string>, options?: ToolstreamChatElement['options']) {
  const element = document.createElement('toolstream-chat') as ToolstreamChatElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (options !== undefined) element.options = { ...options, storeOptions: { schedule: 'sync' } };
  else element.options = { storeOptions: { schedule: 'sync' } };
  await act(async () => document.body.append(element));
  return element;
}

const heading = (element: HTMLElement) => element.shadowRoot?.querySelector('h2')?.textContent;
const root = (element: HTMLElement) => element.shadowRoot!.querySelector('.tsw-root')!;

describe('<toolstream-chat>', () => {
  it('is defined once; defining the tag again returns the same class', () => {
    const first = customElements.get('toolstream-chat');
    expect(defineToolstreamChat()).toBe(first);
    const other = defineToolstreamChat('acme-chat');
    expect(other).not.toBe(first);
    expect(customElements.get('acme-chat')).toBe(other);
  });

  it('renders from its attributes when connected', async () => {
    const element = await createElement({
      endpoint: '/chat',
      title: 'Support',
      theme: 'dark',
      placeholder: 'Ask us',
    });
    expect(heading(element)).toBe('Support');
    expect(root(element).getAttribute('data-theme')).toBe('dark');
    expect(root(element).getAttribute('data-placement')).toBe('inline');
    expect(element.shadowRoot!.querySelector('textarea')?.placeholder).toBe('Ask us');
    expect(element.store).not.toBeNull();
  });

  it('follows attribute changes, and a removed attribute goes back to the default', async () => {
    const element = await createElement({ endpoint: '/chat', title: 'Before', theme: 'dark' });
    const store = element.store;
    await act(async () => element.setAttribute('title', 'After'));
    expect(heading(element)).toBe('After');
    await act(async () => element.removeAttribute('theme'));
    expect(root(element).hasAttribute('data-theme')).toBe(false);
    await act(async () => element.setAttribute('placement', 'launcher'));
    expect(element.shadowRoot!.querySelector('[data-slot="widget-launcher"]')).not.toBeNull();
    expect(element.store).toBe(store);
    await act(async () => element.setAttribute('endpoint', '/other'));
    expect(element.store).not.toBe(store);
  });

  it('lets attributes win over the options property, which gives the rest', async () => {
    const element = await createElement(
      { title: 'From attribute' },
      { title: 'From options', theme: 'dark' },
    );
    expect(heading(element)).toBe('From attribute');
    expect(root(element).getAttribute('data-theme')).toBe('dark');
    await act(async () => element.removeAttribute('title'));
    expect(heading(element)).toBe('From options');
    await act(async () => {
      element.options = { storeOptions: { schedule: 'sync' } };
    });
    expect(heading(element)).toBe('Chat');
    expect(root(element).hasAttribute('data-theme')).toBe(false);
  });

  it('takes options set before it was defined (upgraded later)', async () => {
    const early = document.createElement('late-chat') as ToolstreamChatElement;
    early.options = { title: 'Early options' };
    document.body.append(early);
    await act(async () => {
      defineToolstreamChat('late-chat');
    });
    expect(heading(early)).toBe('Early options');
  });

  it('unmounts when removed, and keeps its conversation when only moved', async () => {
    const element = await createElement({ endpoint: '/chat' });
    const store = element.store!;
    act(() => store.ingest(text('kept')));
    const other = document.createElement('section');
    document.body.append(other);
    await act(async () => other.append(element));
    expect(element.store).toBe(store);
    expect(element.shadowRoot!.textContent).toContain('kept');
    await act(async () => element.remove());
    expect(element.store).toBeNull();
    expect(element.shadowRoot!.childNodes).toHaveLength(0);
    // Connected again: the conversation comes back from storage.
    await act(async () => document.body.append(element));
    expect(element.shadowRoot!.textContent).toContain('kept');
  });

  it('turns persistence off with persist="false"', async () => {
    const element = await createElement({ endpoint: '/chat', persist: 'false' });
    act(() => element.store!.ingest(text('not kept')));
    await act(async () => element.remove());
    expect(sessionStorage.length).toBe(0);
  });
});
