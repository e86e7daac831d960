import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConversation } from '../../../bench/long/page/conversation.js';
import { screenshot } from './support/browser.js';
import { answers, composer, send, statusIndicator, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

// Real time: Stop must find the run still streaming.
const session = useDemoSession({ speed: 1 });

const viewport = (page: Page) => page.locator('[data-slot="thread-viewport"]');
/** How far the view is from the bottom of the conversation (px). */
const fromBottom = (page: Page) =>
  viewport(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
/** The index of the turn holding the focus (-1: none). */
const focusedTurn = (page: Page) =>
  page.evaluate(() =>
    Number(document.activeElement?.closest('[data-slot="thread-turn"]')?.getAttribute('data-index') ?? -1),
  );
/** Whether the turn at `index` is drawn in full and on screen. */
const drawnOnScreen = (page: Page, index: number) =>
  page.evaluate((i) => {
    const turn = document.querySelector(`[data-slot="thread-turn"][data-index="${i}"]`);
    const view = document.querySelector('[data-slot="thread-viewport"]')!.getBoundingClientRect();
    const rect = turn?.getBoundingClientRect();
    return rect !== undefined && rect.bottom > view.top && rect.top < view.bottom;
  }, index);

describe('a long conversation in the demo (?history=N)', () => {
  it('a thousand turns: several more asked, scrolled up and back, Page Up turn by turn, the first turn reached', async () => {
    const history = createConversation(1000);
    const demo = await session.open({
      endpoint: session.mock.endpoint(),
      scenario: 'single-call',
      history: 1000,
    });
    const { page } = demo;
    // It opens at its end: the last answer on screen, every turn in the page (most standing in).
    await expect.poll(() => drawnOnScreen(page, 1999)).toBe(true);
    expect(await page.locator('[data-slot="thread-turn"]').count()).toBe(2000);
    expect(await fromBottom(page)).toBeLessThanOrEqual(1);

    // Two more turns: each streams in below and the view follows it.
    for (const question of ['What changed in the billing webhook?', 'And in the rollout plan?']) {
      await send(page, question);
      await waitForStatus(page, 'done');
      await expect.poll(() => fromBottom(page)).toBeLessThanOrEqual(1);
    }
    expect(await answers(page).last().textContent()).not.toBe('');
    expect(await page.locator('[data-slot="thread-turn"]').count()).toBe(2004);

    // Scrolled up a long way: Jump to latest brings the view back to the newest answer.
    await viewport(page).evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -600);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    await jump.click();
    await expect.poll(() => fromBottom(page)).toBeLessThanOrEqual(1);

    // From the last answer, Page Up moves the focus turn by turn, each drawn where it shows.
    await page.locator('[data-slot="thread-turn"][data-index="2003"] > article').focus();
    for (let expected = 2002; expected >= 1996; expected--) {
      await page.keyboard.press('PageUp');
      await expect.poll(() => focusedTurn(page)).toBe(expected);
      expect(await drawnOnScreen(page, expected)).toBe(true);
    }
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { visible: document.activeElement!.matches(':focus-visible'), outline: style.outlineStyle };
    });
    expect(ring).toEqual({ visible: true, outline: 'solid' });
    await screenshot(page, 'long-conversation-page-up');

    // To the top: the first question, drawn, as the workload wrote it.
    for (let i = 0; i < 20 && !(await drawnOnScreen(page, 0)); i++) {
      await viewport(page).evaluate((el) => {
        el.scrollTop = 0;
      });
      await page.waitForTimeout(50);
    }
    expect(await drawnOnScreen(page, 0)).toBe(true);
    const first = history.messages[0]!;
    expect(first.role).toBe('user');
    expect(await page.locator('[data-slot="thread-turn"][data-index="0"]').textContent()).toContain(
      first.role === 'user' ? first.text : '',
    );
    expect(demo.pageErrors).toEqual([]);
  });

  it('on a phone, a long conversation: Stop, then Retry in place', async () => {
    const demo = await session.open({
      endpoint: session.mock.endpoint(),
      scenario: 'subagent-delegation',
      history: 300,
      viewport: { width: 390, height: 844 },
    });
    const { page } = demo;
    await expect.poll(() => drawnOnScreen(page, 599)).toBe(true);
    await send(page, 'Summarise the Q3 incidents');
    await page.locator('[data-slot="tool-call"][data-state="running"]').first().waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForStatus(page, 'aborted');
    expect(await statusIndicator(page).textContent()).toBe('Stopped');
    expect(await fromBottom(page)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 'done', 30_000);
    // Retried in place: still one answer to it, now finished, at the bottom of the view.
    expect(await page.locator('[data-slot="thread-turn"]').count()).toBe(602);
    expect(await page.locator('[data-slot="turn-end"][data-outcome="stopped"]').count()).toBe(0);
    await expect.poll(() => fromBottom(page)).toBeLessThanOrEqual(1);
    await screenshot(page, 'long-conversation-phone');
    expect(await composer(page).isEditable()).toBe(true);
    expect(demo.pageErrors).toEqual([]);
  });
});
