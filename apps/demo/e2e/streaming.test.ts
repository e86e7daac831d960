import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import {
  assistantTextParts,
  callArticle,
  ownOutput,
  send,
  statusIndicator,
  timeline,
  unfoldAll,
  waitForStatus,
} from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';
import { installChatHistory, readChatHistory, transitions } from './support/dom-history.js';
import { expectedRun } from './support/expected.js';

const session = useDemoSession({ speed: 2 });

describe('streaming in the built demo against the mock server', () => {
  it('streams text and calls progressively; nested delegation shows in the tree and the timeline', async () => {
    const expected = await expectedRun('nested-delegation');
    const demo = await session.open(
      { endpoint: session.mock.endpoint(), scenario: 'nested-delegation' },
      installChatHistory,
    );
    const { page } = demo;
    await send(page, 'Find the onboarding checklist');

    // Mid-run: the outer delegation streams its result while the run is still going.
    const knowledge = callArticle(page, 'Knowledge agent');
    await knowledge.and(page.locator('[data-state="streaming"]')).waitFor();
    await expect.poll(() => ownOutput(knowledge).textContent()).not.toBe('');
    const partial = (await ownOutput(knowledge).textContent()) ?? '';
    expect(await statusIndicator(page).getAttribute('data-state')).toBe('streaming');
    await screenshot(page, 'streaming');

    await waitForStatus(page, 'done');
    await screenshot(page, 'complete-delegation-tree-timeline');
    // Done, the sub-agent's section folds to one line: open it (and what it folded) to read it all.
    expect(
      await knowledge.locator(':scope > [data-slot="delegation-tree-trigger"]').getAttribute('aria-expanded'),
    ).toBe('false');
    await unfoldAll(page);

    // Final state: exactly the scenario's text and outputs.
    expect(await assistantTextParts(page)).toEqual(expected.textParts.map((part) => part.trim()));
    const fullOutput = expected.call('delegate_to_knowledge_agent').result!.text;
    expect((await ownOutput(knowledge).textContent())?.trim()).toBe(fullOutput.trim());
    expect(fullOutput.startsWith(partial.trim())).toBe(true);
    expect(partial.trim().length).toBeLessThan(fullOutput.trim().length);
    expect(demo.pageErrors).toEqual([]);

    // Intermediate states, from the recorded history.
    const history = await readChatHistory(page);
    const finalText = expected.textParts.map((part) => part.trim()).join('\n');
    const texts = transitions(history, (s) => s.text.join('\n')).filter((text) => text !== '');
    expect(texts.length).toBeGreaterThanOrEqual(5); // grew in many steps, not in one burst
    for (const text of texts) expect(finalText.startsWith(text.trimEnd())).toBe(true);
    expect(texts.map((text) => text.length)).toEqual([...texts.map((t) => t.length)].sort((a, b) => a - b));

    // Names as people read them; a call folded into a finished group leaves the page, so its last
    // state seen here is its last open one — its final one is read from the page below.
    const statesOf = (name: string) =>
      transitions(history, (s) => s.calls.find((call) => call.name === name)?.state).filter(
        (state) => state !== undefined,
      );
    // The inner delegation and its tools went through open states before completing.
    expect(statesOf('Confluence agent')).toContain('streaming');
    expect(statesOf('Confluence agent').at(-1)).toBe('complete');
    for (const tool of ['Confluence search', 'Confluence get page']) {
      const states = statesOf(tool);
      expect(states.length, tool).toBeGreaterThan(0);
      expect(['pending', 'running', 'streaming']).toContain(states[0]);
    }
    // A delegation's output was seen part-written while it streamed, and only grew.
    const outputs = transitions(
      history,
      (s) => s.calls.find((call) => call.name === 'Confluence agent')?.output ?? '',
    ).filter((output) => output !== '');
    const confluenceAnswer = expected.call('delegate_to_confluence_agent').result!.text.trim();
    expect(outputs.length).toBeGreaterThan(2);
    for (const output of outputs) expect(confluenceAnswer.startsWith(output.trim())).toBe(true);
    // While the run streamed, some calls were complete and others still open.
    expect(
      history.some(
        (s) =>
          s.status === 'streaming' &&
          s.calls.some((call) => call.state === 'complete') &&
          s.calls.some((call) => call.state !== 'complete'),
      ),
    ).toBe(true);

    // The sections: the inner sub-agent inside the outer one's work, its tools inside it.
    const confluence = knowledge.getByRole('group', { name: 'Work by Knowledge agent' });
    const inner = callArticle(confluence, 'Confluence agent');
    await expect.poll(() => inner.count()).toBe(1);
    for (const tool of ['Confluence search', 'Confluence get page']) {
      const nested = callArticle(inner.getByRole('group', { name: 'Work by Confluence agent' }), tool);
      expect(await nested.getAttribute('data-state'), tool).toBe('complete');
    }
    const depths = await page.evaluate(() =>
      Object.fromEntries(
        Array.from(
          document.querySelectorAll('article[data-slot="tool-call"], article[data-slot="delegation-tree"]'),
          (el) => {
            let depth = 0;
            for (let up = el.parentElement; up !== null; up = up.parentElement)
              if (up.matches('article[data-slot="delegation-tree"]')) depth++;
            return [el.querySelector(':scope > * > [data-slot="tool-call-name"]')?.textContent, depth];
          },
        ),
      ),
    );
    expect(depths).toEqual({
      'Knowledge agent': 0,
      'Confluence agent': 1,
      'Confluence search': 2,
      'Confluence get page': 2,
    });

    // The timeline: the same nesting, as nested lists; every bar on one time axis.
    const rows = timeline(page);
    const outerList = rows.getByRole('list', { name: 'Work by Knowledge agent' });
    const innerList = outerList.getByRole('list', { name: 'Work by Confluence agent' });
    await expect.poll(() => innerList.count()).toBe(1);
    expect(await innerList.locator('[data-slot="tool-timeline-row"]').count()).toBe(2);
    expect(
      await rows
        .locator('[data-slot="tool-timeline-row"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-depth'))),
    ).toEqual(['0', '1', '2', '2']);
    const trackLefts = await rows
      .locator('[data-slot="tool-timeline-track"]')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(trackLefts).size).toBe(1);
    // The same elapsed time on the call's line and in the timeline.
    const cardTime = await knowledge.locator(':scope > * > [data-slot="tool-call-elapsed"]').textContent();
    const rowTime = await rows
      .locator('[data-slot="tool-timeline-row"][data-depth="0"] [data-slot="tool-timeline-duration"]')
      .textContent();
    expect(rowTime).toBe(cardTime);
    expect(await rows.getAttribute('data-state')).toBe('complete');
  });
});
