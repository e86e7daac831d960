import { act, waitFor } from '@testing-library/react';
import { latestAnswer } from '@toolstream/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, mountWidget, removeHosts, text, tool } from '../test-utils/widget.js';

beforeEach(() => sessionStorage.clear());
afterEach(() => removeHosts());

const ENDPOINT = '/api/chat/stream';

/** An SSE answer with the primary protocol's end signal, from a run the server names. */
function answer(chunks: unknown[], runId: string): Response {
  const body = `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}event: done\ndata: \n\n`;
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'x-run-id': runId },
  });
}

const asksApproval = tool({
  call_id: 'c1',
  tool_name: 'send_email',
  tool_call_details: {
    awaiting: 'approval',
    prompt: 'Send this email?',
    arguments: { to: 'ana@example.com' },
  },
});

describe('a saved session with an approval waiting', () => {
  it('keeps the approval across a reload; Approve then sends the continuation to the run that asked', {
    timeout: 30_000,
  }, async () => {
    const first = fakeFetch(() => answer([text('I will email Ana. '), asksApproval], 'run_a'));
    const before = mountWidget({ endpoint: ENDPOINT, storeOptions: { fetch: first.fetch } });
    await act(() => before.handle.store.send('Email Ana'));
    await waitFor(() =>
      expect(latestAnswer(before.handle.store.getState())!.end?.outcome).toBe('awaiting-input'),
    );
    before.unmount();

    const second = fakeFetch(() =>
      answer(
        [
          tool({ call_id: 'c1', tool_name: 'send_email', event_type: 'result', tool_response: 'Sent.' }),
          text('Done.'),
        ],
        'run_b',
      ),
    );
    const after = mountWidget({ endpoint: ENDPOINT, storeOptions: { fetch: second.fetch } });
    const restored = latestAnswer(after.handle.store.getState())!;
    expect(restored.end?.outcome).toBe('awaiting-input');
    expect(restored.calls.c1!.status).toBe('awaiting-input');
    const approve = await waitFor(() => after.view.getByRole('button', { name: 'Approve' }));
    expect(after.view.getByRole('group', { name: 'Send this email?' }).textContent).toContain(
      'ana@example.com',
    );
    act(() => approve.click());
    await waitFor(() => expect(latestAnswer(after.handle.store.getState())!.end?.outcome).toBe('done'));
    expect(second.requests.map((r) => (r.body as { continue?: unknown }).continue)).toEqual([
      { run_id: 'run_a', answers: [{ call_id: 'c1', approved: true }] },
    ]);
    expect(after.view.getByText('Approved')).toBeTruthy();
    after.unmount();
  });
});
