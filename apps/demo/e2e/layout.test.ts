import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { answers, composer, send, timeline, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

const session = useDemoSession({ speed: 8 });

describe('the demo’s layout', () => {
  it('on a desktop: composer pinned at the bottom, a readable centred column, the timeline beside it', async () => {
    const demo = await session.open({
      endpoint: session.mock.endpoint(),
      scenario: 'nested-delegation',
      viewport: { width: 1440, height: 900 },
    });
    const { page } = demo;
    await send(page, 'Find the onboarding checklist');
    await waitForStatus(page, 'done');
    const field = await page.locator('[data-slot="composer-field"]').boundingBox();
    const answer = await answers(page).first().boundingBox();
    const panel = await page.locator('[data-slot="chat-timeline"]').boundingBox();
    expect(field!.y + field!.height).toBeGreaterThan(900 - 80); // at the bottom of the window
    expect(answer!.width).toBeGreaterThan(600); // a column that uses the room it has…
    expect(answer!.width).toBeLessThanOrEqual(760); // …and stays readable
    expect(panel!.x).toBeGreaterThanOrEqual(answer!.x + answer!.width); // beside, not under
    expect(await timeline(page).isVisible()).toBe(true);
    await screenshot(page, 'desktop');
  });

  it('on a phone: the chat fills the screen, the timeline is a drawer, Escape closes it', async () => {
    const demo = await session.open({
      endpoint: session.mock.endpoint(),
      scenario: 'subagent-delegation',
      viewport: { width: 390, height: 844 },
    });
    const { page } = demo;
    await send(page, 'Summarise the Q3 incidents');
    await waitForStatus(page, 'done');
    const field = await page.locator('[data-slot="composer-field"]').boundingBox();
    expect(field!.y + field!.height).toBeGreaterThan(844 - 80);
    expect(await page.locator('[data-slot="chat-timeline"]').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Timeline' });
    await toggle.click();
    expect(await timeline(page).isVisible()).toBe(true);
    await screenshot(page, 'phone-timeline');
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-slot="chat-timeline"]').isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await composer(page).isVisible()).toBe(true);
    expect(demo.pageErrors).toEqual([]);
  });
});
