import { describe, expect, it } from 'vitest';
import { assistantTextParts, callArticle, ownOutput, postsTo, send, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';
import { installChatHistory, readChatHistory, transitions } from './support/dom-history.js';
import { expectedRun } from './support/expected.js';

// `retry:` 100 ms: the client's first reconnect comes after 50–100 ms instead of about a second.
const session = useDemoSession({ speed: 2, retryMs: 100 });

/**
 * Sends a message over `endpoint` and checks the run recovered from one dropped connection:
 * the UI passed through "reconnecting", the text and the delegation's output are exactly the
 * scenario's, and the server saw one POST (one run) and one re-attach.
 */
async function expectRecovery(
  scenario: string,
  query: string,
  delegationTool: string,
  delegationName: string,
) {
  const expected = await expectedRun(scenario);
  const endpoint = session.mock.endpoint(query);
  const demo = await session.open({ endpoint, scenario }, installChatHistory);
  const { page } = demo;
  await send(page, 'Go');
  await waitForStatus(page, 'done');

  const statuses = transitions(await readChatHistory(page), (sample) => sample.status);
  // Streaming, then reconnecting (once), then streaming again to the end; never an error.
  const reconnecting = statuses.indexOf('reconnecting');
  expect(statuses.slice(0, reconnecting)).toContain('streaming');
  expect(statuses.slice(reconnecting + 1)).toEqual(['streaming', 'done']);
  expect(await assistantTextParts(page)).toEqual(expected.textParts.map((part) => part.trim()));
  const delegation = callArticle(page, delegationName);
  expect((await ownOutput(delegation).textContent())?.trim()).toBe(
    expected.call(delegationTool).result!.text.trim(),
  );
  expect(await delegation.getAttribute('data-state')).toBe('complete');
  expect(await page.locator('[data-slot="error-banner"], [data-slot="turn-end"]').count()).toBe(0);

  expect(postsTo(demo.requests, endpoint)).toHaveLength(1);
  expect(session.mock.entries('start')).toHaveLength(1);
  expect(session.mock.entries('attach')).toHaveLength(1);
  expect(session.mock.entries('finish')).toHaveLength(1);
  expect(demo.pageErrors).toEqual([]);
}

describe('a dropped connection', () => {
  it('scripted in the scenario (mid-stream-disconnect): re-attaches, no duplicated or missing text', async () => {
    await expectRecovery('mid-stream-disconnect', '', 'delegate_to_planning_agent', 'Planning agent');
    expect(session.mock.entries('attach')[0]!.reason).toMatch(/^after \d+$/);
  });

  it('by fault switch on the first connection only (drop-after:12, fault-times=1)', async () => {
    await expectRecovery(
      'nested-delegation',
      '?fault=drop-after:12&fault-times=1',
      'delegate_to_knowledge_agent',
      'Knowledge agent',
    );
  });
});
