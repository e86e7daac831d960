import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import {
  assistantTextParts,
  callArticle,
  ownOutput,
  send,
  statusIndicator,
  timeline,
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
    const knowledge = callArticle(page, 'delegate_to_knowledge_agent');
    await knowledge.and(page.locator('[data-state="streaming"]')).waitFor();
    await expect.poll(() => ownOutput(knowledge).textContent()).not.toBe('');
    const partial = (await ownOutput(knowledge).textContent()) ?? '';
    expect(await statusIndicator(page).getAttribute('data-state')).toBe('streaming');
    await screenshot(page, 'streaming');

    await waitForStatus(page, 'done');
    await screenshot(page, 'complete-delegation-tree-timeline');

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

    const statesOf = (name: string) =>
      transitions(history, (s) => s.calls.find((call) => call.name === name)?.state).filter(
        (state) => state !== undefined,
      );
    // The inner delegation and its tools went through open states before completing.
    expect(statesOf('delegate_to_confluence_agent')).toContain('streaming');
    expect(statesOf('delegate_to_confluence_agent').at(-1)).toBe('complete');
    for (const tool of ['confluence_search', 'confluence_get_page']) {
      const states = statesOf(tool);
      expect(states.length, tool).toBeGreaterThan(1);
      expect(['pending', 'running', 'streaming']).toContain(states[0]);
      expect(states.at(-1)).toBe('complete');
    }
    // A delegation's output was seen part-written while it streamed, and only grew.
    const outputs = transitions(
      history,
      (s) => s.calls.find((call) => call.name === 'delegate_to_confluence_agent')?.output ?? '',
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

    // The tree: the inner delegation inside the outer one's subtree, its tools inside it.
    const confluence = knowledge
      .locator('[data-slot="delegation-tree-children"]')
      .and(page.getByRole('list', { name: 'Calls by knowledge_agent' }));
    const inner = callArticle(confluence, 'delegate_to_confluence_agent');
    await expect.poll(() => inner.count()).toBe(1);
    for (const tool of ['confluence_search', 'confluence_get_page']) {
      const nested = callArticle(inner.getByRole('list', { name: 'Calls by confluence_agent' }), tool);
      expect(await nested.getAttribute('data-state'), tool).toBe('complete');
    }
    const depths = Object.fromEntries(history.at(-1)!.calls.map((call) => [call.name, call.depth]));
    expect(depths).toEqual({
      delegate_to_knowledge_agent: 0,
      delegate_to_confluence_agent: 1,
      confluence_search: 2,
      confluence_get_page: 2,
    });

    // The timeline: the same nesting, as nested and indented rows.
    const rows = timeline(page);
    const outerList = rows.getByRole('list', { name: 'Calls by knowledge_agent' });
    const innerList = outerList.getByRole('list', { name: 'Calls by confluence_agent' });
    await expect.poll(() => innerList.count()).toBe(1);
    expect(await innerList.locator('[data-slot="tool-timeline-row"]').count()).toBe(2);
    const labelX = (tool: string) =>
      rows
        .locator('[data-slot="tool-timeline-row"]', {
          has: page.locator('.ts-tool-timeline__tool', { hasText: new RegExp(`^${tool}$`) }),
        })
        .locator('[data-slot="tool-timeline-label"]')
        .evaluate((el) => el.getBoundingClientRect().left);
    const x0 = await labelX('delegate_to_knowledge_agent');
    const x1 = await labelX('delegate_to_confluence_agent');
    const x2 = await labelX('confluence_search');
    expect(x1).toBeGreaterThan(x0);
    expect(x2).toBeGreaterThan(x1);
    expect(await rows.getAttribute('data-state')).toBe('complete');
  });
});
