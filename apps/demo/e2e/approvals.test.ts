/**
 * Calls that wait for the person or the browser (PROTOCOL.md §11), driven in Chromium on the
 * demo against the mock server: approve, deny with a reason, edit then approve, a client tool,
 * and a new message while an approval waits. What the server received is read from the
 * requests the page made.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { assistantTextParts, send, waitForStatus } from './support/chat.js';
import { useDemoSession } from './support/demo-session.js';

const session = useDemoSession();

/** The JSON bodies of the POSTs the page made, in order. */
function postedBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    try {
      bodies.push(JSON.parse(request.postData() ?? 'null'));
    } catch {
      // not a JSON body: not a turn
    }
  });
  return bodies;
}

const request = (page: Page) => page.locator('[data-slot="approval-request"]');
const answered = (page: Page) => page.locator('[data-slot="approval-answer"]');

async function openScenario(scenario: string) {
  const demo = await session.open({ endpoint: session.mock.endpoint(), scenario });
  const bodies = postedBodies(demo.page);
  return { ...demo, bodies };
}

describe('calls that wait', () => {
  it('approve: the run ends waiting, Approve sends the continuation and the answer goes on', async () => {
    const { page, bodies, pageErrors } = await openScenario('approval-granted');
    await send(page, 'Restart the payments service');
    await request(page).waitFor();
    await page
      .locator('[data-slot="pending-input-bar"]')
      .getByText(/needs? your approval/)
      .waitFor();
    await screenshot(page, 'approval-waiting');
    await page.getByRole('button', { name: 'Approve' }).click();
    await answered(page).getByText('Approved').waitFor();
    await waitForStatus(page, 'done');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.continue).toMatchObject({
      answers: [{ call_id: 'call_1_restart_service', approved: true }],
    });
    expect(typeof (bodies[1]!.continue as { run_id: unknown }).run_id).toBe('string');
    expect(await request(page).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('deny with a reason: the reason goes to the server and the model answers with it', async () => {
    const { page, bodies, pageErrors } = await openScenario('approval-denied');
    await send(page, 'Clean up the old records');
    await request(page).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByLabel(/Why not/).fill('Those records are still audited');
    await page.getByRole('button', { name: 'Deny' }).click();
    await answered(page).getByText('Denied: Those records are still audited').waitFor();
    await waitForStatus(page, 'done');
    expect(bodies[1]!.continue).toMatchObject({
      answers: [
        { call_id: 'call_1_delete_records', approved: false, reason: 'Those records are still audited' },
      ],
    });
    expect((await assistantTextParts(page)).join(' ')).not.toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('edit then approve: the edited arguments are what the server gets', async () => {
    const { page, bodies, pageErrors } = await openScenario('approval-edited');
    await send(page, 'Send the incident update');
    await request(page).waitFor();
    const to = request(page).getByLabel(/^to$/i);
    await to.fill('payments-oncall@example.com');
    await page.getByRole('button', { name: 'Approve' }).click();
    await answered(page).getByText('Approved with your changes').waitFor();
    await waitForStatus(page, 'done');
    const answer = (bodies[1]!.continue as { answers: Record<string, unknown>[] }).answers[0]!;
    expect(answer).toMatchObject({ call_id: 'call_1_send_email', approved: true });
    expect(answer.arguments).toMatchObject({
      to: 'payments-oncall@example.com',
      subject: 'INC-204: payments degraded',
    });
    await screenshot(page, 'approval-edited');
    expect(pageErrors).toEqual([]);
  });

  it('a client tool runs in the browser and its result goes to the server', async () => {
    const { page, bodies, pageErrors } = await openScenario('client-tool');
    await send(page, 'What time is it for me?');
    await answered(page).getByText('Ran in your browser').waitFor();
    await waitForStatus(page, 'done');
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(bodies[1]!.continue).toMatchObject({
      answers: [{ call_id: 'call_1_get_time_zone', output: timeZone }],
    });
    expect(pageErrors).toEqual([]);
  });

  it('a new message while an approval waits denies it, in the same request as the message', async () => {
    const { page, bodies, pageErrors } = await openScenario('approval-granted');
    await send(page, 'Restart the payments service');
    await request(page).waitFor();
    await page.getByText('Sending a message will deny the waiting actions').waitFor();
    await send(page, 'Actually, wait until the deploy finishes');
    await answered(page).getByText('Denied: you sent a new message instead').waitFor();
    await waitForStatus(page, 'done');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.message).toBe('Actually, wait until the deploy finishes');
    const answer = (bodies[1]!.continue as { answers: Record<string, unknown>[] }).answers[0]!;
    expect(answer).toMatchObject({ call_id: 'call_1_restart_service', approved: false });
    expect(String(answer.reason)).toContain('Actually, wait until the deploy finishes');
    expect(pageErrors).toEqual([]);
  });
});
