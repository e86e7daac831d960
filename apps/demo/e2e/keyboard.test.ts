import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callArticle, composer, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

const session = useDemoSession({ speed: 4 });

/**
 * The focused element: what it is, whether the browser treats its focus as visible, and where
 * the ring is drawn: on the element (outline or box-shadow) or, for a field inside a framed
 * control (the composer), on that frame through `:focus-within`.
 */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (el === null || el === document.body) return null;
    const hasRing = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const frame = el.parentElement;
    return {
      tag: el.tagName.toLowerCase(),
      slot: el.getAttribute('data-slot'),
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
      focusVisible: el.matches(':focus-visible'),
      ring: hasRing(el)
        ? 'self'
        : frame?.matches(':focus-within') && hasRing(frame)
          ? (frame.getAttribute('data-slot') ?? frame.tagName.toLowerCase())
          : null,
    };
  });
}

type Focused = NonNullable<Awaited<ReturnType<typeof focused>>>;

/** Presses `key` until the focused element matches, up to `max` times; returns every stop on the way. */
async function tabUntil(page: Page, key: 'Tab' | 'Shift+Tab', match: (el: Focused) => boolean, max = 40) {
  const stops: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const el = await focused(page);
    if (el === null) continue;
    stops.push(el);
    if (match(el)) return stops;
  }
  throw new Error(
    `no match after ${max} presses of ${key}: ${JSON.stringify(stops.map((s) => s.slot ?? s.tag))}`,
  );
}

describe('keyboard only', () => {
  it('composer: Tab to it, Shift+Enter adds a line, Enter sends; a call opens with Enter and Space', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'single-call' });
    const { page } = demo;

    // Tab from the top of the page to the composer; every stop on the way shows its focus.
    const toComposer = await tabUntil(page, 'Tab', (el) => el.slot === 'composer-input');
    for (const stop of toComposer) {
      expect(stop.focusVisible, stop.label).toBe(true);
      expect(stop.ring, `${stop.tag} ${stop.slot ?? ''} ${stop.label}`).not.toBeNull();
    }
    // The textarea's ring is the composer's frame.
    expect(toComposer.at(-1)!.ring).toBe('composer-field');

    await page.keyboard.type('What is the weather');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('in Seoul?');
    expect(await composer(page).inputValue()).toBe('What is the weather\nin Seoul?');
    expect(await page.locator('[data-slot="user-message"]').count()).toBe(0); // nothing sent yet

    await page.keyboard.press('Enter');
    await waitForStatus(page, 'done');
    expect(await composer(page).inputValue()).toBe('');
    const sent = page.locator('[data-slot="user-message"]');
    expect(await sent.count()).toBe(1);
    // innerText, not textContent: the new line is a <br>, which only innerText reads as "\n".
    expect(await sent.innerText()).toBe('What is the weather\nin Seoul?');

    // The focus stayed in the composer through the run.
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Back from the composer to the call's row, folded now that it is done.
    const call = callArticle(page, 'Get weather');
    const trigger = call.locator('[data-slot="tool-call-trigger"]');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    const toRow = await tabUntil(page, 'Shift+Tab', (el) => el.slot === 'tool-call-trigger');
    expect(toRow.at(-1)).toMatchObject({ focusVisible: true, ring: 'self' });
    expect(toRow.at(-1)!.label).toMatch(/^Get weather/);
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    const content = call.locator('[data-slot="tool-call-content"]');
    await page.keyboard.press('Enter');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await content.isVisible()).toBe(true);
    expect(await content.textContent()).toMatch(/"city": "Seoul"/); // the call's arguments
    await page.keyboard.press('Space');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await content.isVisible()).toBe(false);
    await page.keyboard.press('Space');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await content.isVisible()).toBe(true);
    expect(demo.pageErrors).toEqual([]);
  });
});
