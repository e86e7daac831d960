import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { Composer } from './composer.js';

const input = () => screen.getByRole('textbox', { name: 'Message' });

describe('Composer', () => {
  it('is labelled, and Send is disabled while the text is blank', async () => {
    const user = userEvent.setup();
    renderWithStore(<Composer onSend={() => {}} />);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input(), '   ');
    expect(send.disabled).toBe(true);
    await user.type(input(), 'hi');
    expect(send.disabled).toBe(false);
  });

  it('sends with Enter and clears; Shift+Enter starts a new line', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithStore(<Composer onSend={onSend} />);
    await user.type(input(), 'first line{Shift>}{Enter}{/Shift}second');
    expect((input() as HTMLTextAreaElement).value).toBe('first line\nsecond');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect((input() as HTMLTextAreaElement).value).toBe('');
  });

  it('does not send an Enter that confirms an input-method composition', () => {
    const onSend = vi.fn();
    renderWithStore(<Composer onSend={onSend} />);
    fireEvent.change(input(), { target: { value: 'にほんご' } });
    fireEvent.compositionStart(input());
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.compositionEnd(input());
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(input(), { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('にほんご');
  });

  it('sends through the store by default', async () => {
    const user = userEvent.setup();
    const fetch = sseFetch([{ message: 'Hello!', citations: [], tool_calls: [] }]);
    const { store } = renderWithStore(<Composer />, { endpoint: '/api/chat', fetch });
    await user.type(input(), 'Hi there{Enter}');
    await waitFor(() => expect(store.getState().status).toBe('done'));
    expect(fetch.requests[0]).toMatchObject({
      url: '/api/chat',
      method: 'POST',
      body: { message: 'Hi there' },
    });
    expect(store.getState().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('turns Send into Stop while streaming; Enter does not send then', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const onStop = vi.fn();
    const { feed } = renderWithStore(<Composer onSend={onSend} onStop={onStop} />);
    feed(text('streaming…'));
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.type(input(), 'next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('stops the store’s run by default', async () => {
    const user = userEvent.setup();
    const { store, feed } = renderWithStore(<Composer />);
    feed(text('streaming…'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(store.getState().status).toBe('aborted');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('has no axe violations, idle or streaming', async () => {
    const { container, feed } = renderWithStore(<Composer onSend={() => {}} />);
    await expectNoAxeViolations(container);
    feed(text('x'));
    await expectNoAxeViolations(container);
  });
});
