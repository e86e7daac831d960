import { act } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mountWidget, removeHosts } from './test-utils/widget.js';

beforeEach(() => sessionStorage.clear());
afterEach(() => removeHosts());

function launcherWidget() {
  const widget = mountWidget({ placement: 'launcher', title: 'Support', persist: false });
  const bubble = widget.view.getByRole('button', { name: 'Support' });
  const panel = widget.shadow.querySelector<HTMLElement>('[data-slot="widget-panel"]')!;
  const focused = () => widget.shadow.activeElement;
  return { widget, bubble, panel, focused };
}

describe('launcher placement', () => {
  it('starts closed: only the bubble shows', () => {
    const { widget, bubble, panel } = launcherWidget();
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(bubble.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.hidden).toBe(true);
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(panel.getAttribute('aria-label')).toBe('Support');
    widget.unmount();
  });

  it('opens from the keyboard with focus in the composer; Escape closes it and focus returns to the bubble', async () => {
    const user = userEvent.setup({ document });
    const { widget, bubble, panel, focused } = launcherWidget();
    bubble.focus();
    await user.keyboard('{Enter}');
    expect(panel.hidden).toBe(false);
    expect(bubble.getAttribute('aria-expanded')).toBe('true');
    expect(focused()?.getAttribute('data-slot')).toBe('composer-input');

    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(bubble);

    await user.keyboard(' ');
    expect(panel.hidden).toBe(false);
    widget.unmount();
  });

  it('closes with its close button (focus back on the bubble) and with the bubble', async () => {
    const user = userEvent.setup({ document });
    const { widget, bubble, panel, focused } = launcherWidget();
    await user.click(bubble);
    expect(panel.hidden).toBe(false);
    // `hidden: true`: jsdom keeps the computed style from while the panel was hidden.
    await user.click(widget.view.getByRole('button', { name: 'Close', hidden: true }));
    expect(panel.hidden).toBe(true);
    expect(focused()).toBe(bubble);
    await user.click(bubble);
    await user.click(bubble);
    expect(panel.hidden).toBe(true);
    widget.unmount();
  });

  it('keeps the conversation while closed and when switching placement', () => {
    const { widget } = launcherWidget();
    const store = widget.handle.store;
    act(() => widget.handle.update({ placement: 'inline' }));
    expect(widget.shadow.querySelector('[data-slot="widget-launcher"]')).toBeNull();
    expect(widget.shadow.querySelector('.tsw-root')?.getAttribute('data-placement')).toBe('inline');
    expect(widget.handle.store).toBe(store);
    widget.unmount();
  });
});
