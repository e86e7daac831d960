import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import {
  assistantTextParts,
  callArticle,
  composer,
  ownOutput,
  send,
  statusIndicator,
  unfoldAll,
  waitForStatus,
} from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';
import { expectedRun } from './support/expected.js';

// Real time: the window in which the sub-agent's tool runs is 700 ms.
const session = useDemoSession({ speed: 1 });

describe('Stop', () => {
  it('cancels the run on the server and shows the stopped state, keeping the partial text', async () => {
    const expected = await expectedRun('subagent-delegation');
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'subagent-delegation' });
    const { page } = demo;
    const runIds: string[] = [];
    page.on('response', (response) => {
      const runId = response.headers()['x-run-id'];
      if (response.request().method() === 'POST' && runId) runIds.push(runId);
    });
    await send(page, 'Summarise the Q3 incidents');

    // Stop while the sub-agent's tool runs: the delegation and the tool are both open.
    const delegation = callArticle(page, 'Research agent');
    const search = callArticle(page, 'Search incidents');
    await search.and(page.locator('[data-state="running"]')).waitFor();
    const textBefore = await assistantTextParts(page);
    const outputBefore = (await ownOutput(delegation).textContent()) ?? '';
    await page.getByRole('button', { name: 'Stop' }).click();

    await waitForStatus(page, 'aborted');
    expect(await statusIndicator(page).textContent()).toBe('Stopped');
    // The focus is back in the composer (the Stop button it was on is gone).
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    // The turn says it was stopped; the sub-agent's section folded: open it to look inside.
    expect(await page.locator('[data-slot="turn-end"]').getAttribute('data-outcome')).toBe('stopped');
    await unfoldAll(page);
    expect(await delegation.getAttribute('data-state')).toBe('stopped');
    expect(await search.getAttribute('data-state')).toBe('stopped');
    await screenshot(page, 'stopped');

    // The server saw the cancel of exactly this run.
    expect(runIds).toHaveLength(1);
    await expect
      .poll(() => session.mock.entries('cancel').map((entry) => [entry.runId, entry.reason]))
      .toEqual([[runIds[0], 'delete']]);
    expect(session.mock.entries('finish').filter((entry) => entry.runId === runIds[0])).toEqual([]);

    // The partial answer stays, and is a true part of the full one.
    const textAfter = await assistantTextParts(page);
    expect(textAfter).toEqual(textBefore);
    expect(textAfter.join('')).not.toBe('');
    expect(textAfter).toEqual(expected.textParts.slice(0, textAfter.length).map((part) => part.trim()));
    expect(textAfter.length).toBeLessThan(expected.textParts.length);
    expect(outputBefore.trim()).not.toBe('');
    expect((await ownOutput(delegation).textContent())?.trim()).toBe(outputBefore.trim());
    // The composer is ready for the next message.
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await composer(page).isEditable()).toBe(true);
    expect(demo.pageErrors).toEqual([]);
  });
});
