import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { answers, callArticle, send, unfoldAll, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

const session = useDemoSession({ speed: 4 });

/** Picks one of the backends the page runs in the backend menu, keeping the conversation. */
async function connect(
  page: Page,
  backend: 'AI SDK' | 'LangGraph' | 'toolstream',
  shot?: string,
): Promise<void> {
  await page.getByRole('button', { name: /^Backend/ }).click();
  await page.getByRole('radio', { name: new RegExp(`^${backend}`) }).check();
  if (shot !== undefined) await screenshot(page, shot);
  await page.getByRole('button', { name: 'Connect' }).click();
}

describe('the demo on the AI SDK and LangGraph backends it runs in the page', () => {
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    it(`shows a LangGraph supervisor's sub-agent as a section, then the same scenario on the AI SDK (${viewport.width}px)`, async () => {
      const demo = await session.open({ scenario: 'subagent-delegation', viewport });
      const { page } = demo;
      await connect(page, 'LangGraph', `peer-menu-${viewport.width}`);
      expect(await page.getByRole('button', { name: /^Backend/ }).getAttribute('aria-label')).toBe(
        'Backend: LangGraph',
      );

      await send(page, 'Summarise the Q3 incidents');
      const section = callArticle(page, 'Research agent');
      await section.waitFor();
      await waitForStatus(page, 'done');
      await unfoldAll(page);
      // The sub-agent's own call sits inside its section.
      await callArticle(section, 'Search incidents').waitFor();
      await screenshot(page, `peer-langgraph-${viewport.width}`);

      await connect(page, 'AI SDK');
      expect(await page.getByRole('button', { name: /^Backend/ }).getAttribute('aria-label')).toBe(
        'Backend: AI SDK',
      );
      await send(page, 'And once more, please');
      await waitForStatus(page, 'done');
      expect(await answers(page).count()).toBe(2);
      await unfoldAll(page);
      // The AI SDK has no sub-agents: the hand-over is a tool, the sub-agent's call beside it.
      await callArticle(answers(page).nth(1), 'Search incidents').waitFor();
      await screenshot(page, `peer-ai-sdk-${viewport.width}`);
      expect(demo.pageErrors).toEqual([]);
    });
  }

  it('stops a LangGraph run and runs it again with Retry', async () => {
    const demo = await session.open({ scenario: 'nested-delegation' });
    const { page } = demo;
    await connect(page, 'LangGraph');
    await send(page, 'Scan everything');
    await page
      .locator('[data-slot="status-indicator"][data-state="streaming"]')
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForStatus(page, 'aborted');
    await screenshot(page, 'peer-langgraph-stopped');
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 'done');
    expect(await answers(page).count()).toBe(1);
    await callArticle(page, 'Knowledge agent').waitFor();
    expect(demo.pageErrors).toEqual([]);
  });
});
