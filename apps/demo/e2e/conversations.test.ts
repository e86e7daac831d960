import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import {
  answers,
  callArticle,
  composer,
  postsTo,
  send,
  timeline,
  turnFailure,
  unfoldAll,
  waitForStatus,
} from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';
import { startMockServer } from './support/mock-server.js';

const session = useDemoSession({ speed: 8 });

/** Sends `text` and waits for its answer to appear and its run to end with `end`. */
async function ask(page: Page, text: string, end = 'done'): Promise<void> {
  const before = await answers(page).count();
  await send(page, text);
  await expect.poll(() => answers(page).count()).toBe(before + 1);
  await waitForStatus(page, end);
}

/** The names of the calls inside one answer (once unfolded), in order. */
function callNames(answer: ReturnType<typeof answers>) {
  return answer
    .locator('article[data-slot="tool-call"], article[data-slot="delegation-tree"]')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          `${el.querySelector(':scope > * > [data-slot="tool-call-name"]')?.textContent}:${el.getAttribute('data-state')}`,
      ),
    );
}

describe('conversations in the built demo', () => {
  it('answers the same scenario three times: each answer keeps its own calls, the timeline follows the turn', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'subagent-delegation' });
    const { page } = demo;
    for (const [turn, question] of [
      'Summarise the Q3 incidents',
      'Again, please',
      'One more time',
    ].entries()) {
      await ask(page, question);
      // The timeline shows this turn's two calls (the ids repeat each run), not the earlier ones.
      const rows = timeline(page).locator('[data-slot="tool-timeline-row"]');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.locator('[data-slot="tool-timeline-label"]').allTextContents()).toEqual([
        'Research agent',
        'Search incidents',
      ]);
      // Its times are this turn's: the same as the call's own line in the newest answer.
      const card = answers(page)
        .nth(turn)
        .locator('article[data-slot="delegation-tree"] > * > [data-slot="tool-call-elapsed"]');
      expect(await rows.first().locator('[data-slot="tool-timeline-duration"]').textContent()).toBe(
        await card.textContent(),
      );
    }
    expect(await answers(page).count()).toBe(3);
    await unfoldAll(page);
    for (let turn = 0; turn < 3; turn++) {
      expect(await callNames(answers(page).nth(turn))).toEqual([
        'Research agent:complete',
        'Search incidents:complete',
      ]);
      expect(await answers(page).nth(turn).textContent()).toContain('There were four incidents in Q3.');
    }
    expect(session.mock.entries('start')).toHaveLength(3);
    await screenshot(page, 'three-turns');
    expect(demo.pageErrors).toEqual([]);
  });

  it('Retry after an HTTP 500 from the fault menu leaves exactly one user message and one answer', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'single-call' });
    const { page } = demo;
    await page.getByRole('button', { name: /^Faults/ }).click();
    await page.getByRole('checkbox', { name: /Server error/ }).check();
    expect(await page.getByRole('radio', { name: 'the next request' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await ask(page, 'What is the weather in Seoul?', 'error');
    const failure = turnFailure(page);
    expect(await failure.textContent()).toContain('The server returned an error (HTTP 500).');
    // The fault was for one request: the menu says none is armed now.
    expect(await page.getByRole('button', { name: /^Faults/ }).getAttribute('aria-label')).toBe(
      'Faults: none',
    );

    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 'done');
    expect(await page.getByRole('article', { name: 'You' }).count()).toBe(1);
    expect(await answers(page).count()).toBe(1);
    expect(await turnFailure(page).count()).toBe(0);
    expect(await callArticle(page, 'Get weather').getAttribute('data-state')).toBe('complete');
    expect(postsTo(demo.requests, session.mock.endpoint())).toHaveLength(2);
    expect(session.mock.entries('start')).toHaveLength(1);
    expect(demo.pageErrors).toEqual([]);
  });

  it('keeps following the newest answer after a Retry (the browser moves nothing by itself)', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'subagent-delegation' });
    const { page } = demo;
    await ask(page, 'Summarise the Q3 incidents');
    await ask(page, 'And the ones from Q2?');
    await page.getByRole('button', { name: /^Faults/ }).click();
    await page.getByRole('checkbox', { name: /Server error/ }).check();
    await page.keyboard.press('Escape');
    await ask(page, 'One more, please', 'error');
    await turnFailure(page).getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 'done');
    await ask(page, 'And Q1?');
    const distance = await page
      .locator('[data-slot="thread-viewport"]')
      .evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(distance).toBeLessThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    expect(demo.pageErrors).toEqual([]);
  });

  it('regenerates an answer and pages through its versions; edits a question and answers it again', async () => {
    const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'single-call' });
    const { page } = demo;
    await ask(page, 'What is the weather in Seoul?');
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await waitForStatus(page, 'done');
    await page.getByText('Version 2 of 2').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('Version 1 of 2').waitFor({ state: 'attached' });
    expect(await answers(page).count()).toBe(1);

    const question = page.getByRole('article', { name: 'You' });
    await question.hover();
    await question.getByRole('button', { name: 'Edit message' }).click();
    const field = question.getByRole('textbox', { name: 'Edit message' });
    await field.fill('What is the weather in Busan?');
    await question.getByRole('button', { name: 'Save & submit' }).click();
    await waitForStatus(page, 'done');
    expect(await page.getByRole('article', { name: 'You' }).allInnerTexts()).toEqual([
      'What is the weather in Busan?',
    ]);
    expect(await answers(page).count()).toBe(1);
    expect(await page.getByText(/Version \d of \d/).count()).toBe(0);
    // The run over, the focus is back in the composer.
    expect(await composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      postsTo(demo.requests, session.mock.endpoint()).length,
      'send, regenerate and edit: one request each',
    ).toBe(3);
    expect(demo.pageErrors).toEqual([]);
  });

  for (const keep of [true, false]) {
    it(`Connect switches the endpoint and ${keep ? 'keeps' : 'clears'} the conversation, as its checkbox says`, async () => {
      const other = await startMockServer({ speed: 8, basePath: '/other/chat-stream' });
      try {
        const demo = await session.open({ endpoint: session.mock.endpoint(), scenario: 'single-call' });
        const { page } = demo;
        await ask(page, 'First question');
        await page.getByRole('button', { name: /^Backend/ }).click();
        await page.getByRole('textbox', { name: 'Endpoint' }).fill(other.endpoint());
        const box = page.getByRole('checkbox', { name: 'Keep this conversation' });
        expect(await box.isChecked()).toBe(true);
        if (!keep) await box.uncheck();
        await page.getByRole('button', { name: 'Connect' }).click();
        expect(await page.getByRole('button', { name: /^Backend/ }).getAttribute('aria-label')).toBe(
          `Backend: ${new URL(other.endpoint()).host}`,
        );
        expect(await page.getByRole('article', { name: 'You' }).count()).toBe(keep ? 1 : 0);
        await ask(page, 'Second question');
        expect(await page.getByRole('article', { name: 'You' }).allInnerTexts()).toEqual(
          keep ? ['First question', 'Second question'] : ['Second question'],
        );
        expect(other.entries('start')).toHaveLength(1);
        expect(session.mock.entries('start')).toHaveLength(1);
        expect(demo.pageErrors).toEqual([]);
      } finally {
        await other.server.close();
      }
    });
  }
});
