import { describe, expect, it } from 'vitest';
import { type DemoPage, screenshot } from './support/browser.js';
import { answers, assistantTextParts, postsTo, send, turnFailure, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';
import { installChatHistory, readChatHistory, transitions } from './support/dom-history.js';
import { expectedRun } from './support/expected.js';

const session = useDemoSession({ speed: 4 });

/** When (page clock, ms) each of the page's fetches to `endpoint` started and ended, from Resource Timing. */
function fetchTimes(page: DemoPage['page'], endpoint: string): Promise<{ start: number; end: number }[]> {
  return page.evaluate(
    (url) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.name === url)
        .map((entry) => ({ start: entry.startTime, end: entry.responseEnd }))
        .sort((a, b) => a.start - b.start),
    endpoint,
  );
}

describe('HTTP errors from the server', () => {
  it('a 500 shows the failure on the turn, in words, with Retry; Retry streams the answer in place', async () => {
    const expected = await expectedRun('single-call');
    const endpoint = session.mock.endpoint('?fault=status:500&fault-times=1');
    const demo = await session.open({ endpoint, scenario: 'single-call' });
    const { page } = demo;
    await send(page, 'What is the weather in Seoul?');

    const failure = turnFailure(page);
    await failure.waitFor();
    expect(await failure.getAttribute('role')).toBe('alert');
    expect(await failure.getAttribute('data-code')).toBe('http');
    expect(await failure.textContent()).toContain('The server returned an error (HTTP 500).');
    // On the turn that failed, not in a banner away from it.
    expect(await answers(page).last().locator('[data-slot="turn-end"]').count()).toBe(1);
    expect(await page.locator('[data-slot="error-banner"]').count()).toBe(0);
    await waitForStatus(page, 'error');
    expect(session.mock.entries('start')).toEqual([]); // refused before any run started
    await screenshot(page, 'error-on-turn');

    await failure.getByRole('button', { name: 'Retry' }).click();
    await waitForStatus(page, 'done');
    expect(await turnFailure(page).count()).toBe(0);
    expect(await page.getByRole('article', { name: 'You' }).count()).toBe(1);
    expect(await answers(page).count()).toBe(1);
    expect(await assistantTextParts(page)).toEqual(expected.textParts.map((part) => part.trim()));
    expect(postsTo(demo.requests, endpoint)).toHaveLength(2);
    expect(session.mock.entries('start')).toHaveLength(1);
    expect(session.mock.entries('finish')).toHaveLength(1);
    expect(demo.pageErrors).toEqual([]);
  });

  it('a 429 with Retry-After: 1 waits at least that long, then streams without an error', async () => {
    const expected = await expectedRun('single-call');
    const endpoint = session.mock.endpoint('?fault=status:429&retry-after=1&fault-times=1');
    const demo = await session.open({ endpoint, scenario: 'single-call' }, installChatHistory);
    const { page } = demo;
    await send(page, 'What is the weather in Seoul?');

    await waitForStatus(page, 'reconnecting');
    expect(session.mock.entries('start')).toEqual([]);
    await waitForStatus(page, 'done');
    expect(await assistantTextParts(page)).toEqual(expected.textParts.map((part) => part.trim()));

    // The second POST left at least Retry-After (1 s) after the 429 arrived. (Without the header,
    // the client's own backoff would wait 0.5–1 s from the same moment.)
    const times = await fetchTimes(page, endpoint);
    expect(times).toHaveLength(2);
    const [refused, accepted] = times;
    expect(accepted!.start - refused!.end).toBeGreaterThanOrEqual(995);
    expect(postsTo(demo.requests, endpoint)).toHaveLength(2);
    expect(session.mock.entries('start')).toHaveLength(1);
    const history = await readChatHistory(page);
    expect(history.some((sample) => sample.banner)).toBe(false);
    expect(transitions(history, (sample) => sample.status)).not.toContain('error');
    expect(demo.pageErrors).toEqual([]);
  });
});
