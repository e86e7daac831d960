import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToolStreamProvider } from '@toolstream/react';
import { describe, expect, it } from 'vitest';
import { Chat } from '../chat/chat.js';
import { DelegationTree } from '../delegation-tree/delegation-tree.js';
import {
  asks,
  deleteFile,
  EMAIL_ARGS,
  emailTurn,
  nestedTurn,
  opsAgent,
  resultOf,
  sendEmail,
} from '../stories/approval-scenarios.js';
import { expectNoAxeViolations } from '../test-utils/axe.js';
import { begin, text } from '../test-utils/chunks.js';
import { renderWithStore } from '../test-utils/render-with-store.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { ToolRenderersProvider } from '../tool-call/tool-renderers.js';

/** The continuation requests' answers (PROTOCOL.md §11: `continue.answers`). */
const answersSent = (fetch: ReturnType<typeof sseFetch>) =>
  fetch.requests.map((r) => (r.body as { continue?: { answers: unknown[] } }).continue?.answers);

/** A store whose last turn ended waiting, fed as a stream would be, over an endpoint that answers. */
function waiting(ui: React.ReactNode, steps: unknown[], reply: unknown[] = [text('Done.')]) {
  const fetch = sseFetch(() => reply, { done: true });
  const view = renderWithStore(ui, { endpoint: '/api/chat', fetch });
  act(() => {
    view.store.startTurn('Please');
    for (const step of steps) view.store.ingest(step);
    view.store.complete();
  });
  return { ...view, fetch };
}

// Each test renders a whole call or chat and checks it with axe: a loaded machine needs room.
describe('ToolCallApproval', { timeout: 20_000 }, () => {
  it('shows what will run and approves it; the continuation goes once and the row says so', async () => {
    const user = userEvent.setup();
    const { fetch, container } = waiting(<ToolCall callId="call_email" />, emailTurn(), [
      resultOf(sendEmail(), 'Sent.'),
    ]);
    const request = screen.getByRole('group', { name: 'Send this email?' });
    expect(request.textContent).toContain('ana@example.com');
    expect(request.textContent).toContain('Q3 onboarding plan');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('Approved')).toBeTruthy());
    expect(answersSent(fetch)).toEqual([[{ call_id: 'call_email', approved: true }]]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('denies with a reason, by keyboard: Deny opens the field, Enter sends, Escape cancels', async () => {
    const user = userEvent.setup();
    const { fetch } = waiting(<ToolCall callId="call_email" />, emailTurn());
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    const reason = screen.getByRole('textbox', { name: /Why not/ });
    expect(document.activeElement).toBe(reason);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /Why not/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deny' }));
    await user.keyboard('{Enter}');
    await user.keyboard('Wrong recipient{Enter}');
    await waitFor(() => expect(screen.getByText('Denied: Wrong recipient')).toBeTruthy());
    expect(answersSent(fetch)).toEqual([
      [{ call_id: 'call_email', approved: false, reason: 'Wrong recipient' }],
    ]);
  });

  it('edits arguments as JSON of the same shape; Approve waits for valid fields', async () => {
    const user = userEvent.setup();
    const odd = {
      awaiting: 'approval',
      editable: true,
      arguments: { path: '/a', retries: 2, force: false, tags: ['x'], ['__proto__']: 'kept as a field' },
    };
    // The wire's JSON: a `__proto__` key is an own field there, and must stay one.
    const chunk = JSON.parse(JSON.stringify(begin({ id: 'c1', tool: 'move_file', details: odd })));
    const { fetch } = waiting(<ToolCall callId="c1" />, [chunk]);
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    const retries = screen.getByRole('spinbutton', { name: 'Retries' });
    fireEvent.change(retries, { target: { value: '' } });
    expect(approve.disabled).toBe(true);
    fireEvent.change(retries, { target: { value: '5' } });
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: '["x",' } });
    expect(approve.disabled).toBe(true);
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(tags, { target: { value: '["x","y"]' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Force' }));
    expect(approve.disabled).toBe(false);
    await user.click(approve);
    await waitFor(() => expect(screen.getByText('Approved with your changes')).toBeTruthy());
    const [[sent]] = answersSent(fetch) as [[{ arguments: Record<string, unknown> }]];
    expect(Object.entries(sent.arguments)).toEqual([
      ['path', '/a'],
      ['retries', 5],
      ['force', true],
      ['tags', ['x', 'y']],
      ['__proto__', 'kept as a field'],
    ]);
    expect(Object.getPrototypeOf(sent.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(sent.arguments, '__proto__')).toBe(true);
  });

  it('an approval renderer shows the tool’s own view and edits the arguments approved', async () => {
    const user = userEvent.setup();
    const { fetch } = waiting(
      <ToolRenderersProvider
        approvalRenderers={{
          send_email: ({ args, setArgs }) => (
            <label>
              {`To ${String(args.to)}`}
              <input
                value={String(args.subject)}
                onChange={(e) => setArgs({ ...args, subject: e.target.value })}
              />
            </label>
          ),
        }}
      >
        <ToolCall callId="call_email" />
      </ToolRenderersProvider>,
      emailTurn({ editable: true }),
    );
    const subject = screen.getByRole('textbox', { name: /To ana@example.com/ });
    await user.type(subject, '!');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fetch.requests).toHaveLength(1));
    expect(answersSent(fetch)).toEqual([
      [
        {
          call_id: 'call_email',
          approved: true,
          arguments: { ...EMAIL_ARGS, subject: `${EMAIL_ARGS.subject}!` },
        },
      ],
    ]);
  });

  it('takes the focus once, when it is free: not again when drawn again', async () => {
    const first = waiting(<ToolCall callId="call_email" />, emailTurn());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve' }));
    (document.activeElement as HTMLElement).blur();
    first.unmount();
    // Drawn again (the thread's window, a section folded and opened): not taken a second time.
    render(
      <ToolStreamProvider store={first.store}>
        <ToolCall callId="call_email" />
      </ToolStreamProvider>,
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('does not take the focus from a composer with text in it', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<Chat />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'half a thought');
    act(() => {
      store.startTurn('Please');
      for (const step of emailTurn()) store.ingest(step);
      store.complete();
    });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});

describe('Chat while calls wait', { timeout: 20_000 }, () => {
  it('a bar says how many wait and that a message denies them; Review takes the focus to the first', async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<Chat />);
    act(() => {
      store.startTurn('Clean up');
      store.ingest(text('Two files match. '));
      store.ingest(asks(deleteFile('a', '/a.txt')));
      store.ingest(asks(deleteFile('b', '/b.txt')));
      store.complete();
    });
    const bar = document.querySelector<HTMLElement>('[data-slot="pending-input-bar"]')!;
    expect(bar.textContent).toContain('2 actions need your approval');
    expect(bar.textContent).toContain('Sending a message will deny the waiting actions.');
    expect(document.querySelector('[data-slot="pending-input-announcer"]')!.textContent).toBe(
      'Input needed: 2 actions need your approval.',
    );
    expect(screen.getByRole('status').textContent).toBe('Waiting for you');
    (document.activeElement as HTMLElement).blur();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Approve' })[0]);
  });
});

describe('a sub-agent whose call waits', () => {
  it('opens its section, even one folded by default', () => {
    waiting(<DelegationTree callId={opsAgent.id} defaultOpen={false} />, nestedTurn);
    expect(screen.getAllByRole('button')[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Restart the API service in production?' })).toBeTruthy();
  });
});
