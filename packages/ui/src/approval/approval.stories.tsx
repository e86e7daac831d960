import type { Meta, StoryObj } from '@storybook/react-vite';
import { defineTools } from '@toolstream/core';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Chat } from '../chat/chat.js';
import {
  asks,
  clipboard,
  deleteFile,
  EMAIL_ARGS,
  emailTurn,
  nestedTurn,
  resultOf,
  sendEmail,
  timeZone,
  timeZoneTurn,
  twoDeletes,
} from '../stories/approval-scenarios.js';
import { type StoryScript, withFrame, withScript, withTurn } from '../stories/story-store.js';
import { text } from '../test-utils/chunks.js';
import { sseFetch } from '../test-utils/sse-fetch.js';
import { ToolCall } from '../tool-call/tool-call.js';
import { ToolRenderersProvider } from '../tool-call/tool-renderers.js';
import type { ApprovalRendererProps, ApprovalRenderers } from './approval-renderers.js';

/**
 * Calls that wait for an answer (PROTOCOL.md §11): the row shows what will run, with Approve and
 * Deny (an editable form, or the tool's own approval renderer); a client tool says it runs in
 * the browser; once answered the row says how. Each story is a real store fed with
 * primary-protocol chunks whose call carries `tool_call_details.awaiting`.
 */
const meta = {
  title: 'Components/Approvals',
  component: ToolCall,
  args: { callId: 'call_email' },
  decorators: [withFrame(640)],
} satisfies Meta<typeof ToolCall>;

export default meta;
type Story = StoryObj<typeof meta>;

const canvas = (element: HTMLElement) => within(element);

/** An approval waiting: the agent's words, the arguments in words, Approve and Deny. */
export const Waiting: Story = {
  decorators: [withTurn(emailTurn())],
  play: async ({ canvasElement }) => {
    const request = canvas(canvasElement).getByRole('group', { name: 'Send this email?' });
    await expect(request).toHaveTextContent('ana@example.com');
    await expect(within(request).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(within(request).getByRole('button', { name: 'Deny' })).toBeEnabled();
    await expect(canvas(canvasElement).getByRole('article')).toHaveAttribute('data-state', 'awaiting-input');
  },
};

/** Deny opens a field for an optional reason the agent reads. */
export const Denying: Story = {
  decorators: [withTurn(emailTurn())],
  play: async ({ canvasElement }) => {
    await userEvent.click(canvas(canvasElement).getByRole('button', { name: 'Deny' }));
    const reason = canvas(canvasElement).getByRole('textbox', { name: /Why not/ });
    await expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Wrong recipient');
  },
};

/** The request lets the person edit the arguments: a form, each field of its value's type. */
export const Editable: Story = {
  decorators: [withTurn(emailTurn({ editable: true }))],
  play: async ({ canvasElement }) => {
    const subject = canvas(canvasElement).getByRole('textbox', { name: 'Subject' });
    await expect(subject).toHaveValue(EMAIL_ARGS.subject);
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Q3 onboarding plan (v2)');
    await expect(canvas(canvasElement).getByRole('button', { name: 'Approve' })).toBeEnabled();
  },
};

type Tools = { send_email: { args: { to: string; subject: string; body: string } } };

/** A product's own approval view for its tool: "Send this email to …", with fields to edit. */
function SendEmailApproval({ args, setArgs, editable }: ApprovalRendererProps<Tools['send_email']['args']>) {
  return (
    <div style={{ display: 'grid', gap: '0.5rem' }}>
      <p style={{ margin: 0 }}>
        Send this email to <strong>{args.to}</strong>?
      </p>
      <label style={{ display: 'grid', gap: '0.25rem' }}>
        Subject
        <input
          value={args.subject}
          readOnly={!editable}
          onChange={(event) => setArgs({ ...args, subject: event.target.value })}
        />
      </label>
      <label style={{ display: 'grid', gap: '0.25rem' }}>
        Message
        <textarea
          rows={4}
          value={args.body}
          readOnly={!editable}
          onChange={(event) => setArgs({ ...args, body: event.target.value })}
        />
      </label>
    </div>
  );
}

const approvals: ApprovalRenderers<Tools> = { send_email: SendEmailApproval };

/** A custom approval renderer (typed by the tool's declaration). */
export const CustomRenderer: Story = {
  decorators: [
    (Story) => (
      <ToolRenderersProvider approvalRenderers={approvals}>
        <Story />
      </ToolRenderersProvider>
    ),
    withTurn(emailTurn({ editable: true, prompt: undefined })),
  ],
  play: async ({ canvasElement }) => {
    await expect(canvas(canvasElement).getByText(/Send this email to/)).toHaveTextContent(EMAIL_ARGS.to);
    await expect(canvas(canvasElement).getByRole('textbox', { name: 'Subject' })).toHaveValue(
      EMAIL_ARGS.subject,
    );
  },
};

/** A client tool the browser runs: "Running in your browser" until it returns. */
export const ClientToolRunning: Story = {
  args: { callId: timeZone.id },
  decorators: [
    withTurn(
      timeZoneTurn,
      {},
      {
        options: {
          tools: defineTools<{ get_time_zone: { args: { format: string }; result: string } }>({
            get_time_zone: { execute: () => new Promise<string>(() => {}) },
          }),
        },
      },
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(canvas(canvasElement).getByText('Running in your browser')).toBeVisible();
  },
};

const chatFrame = (width: number | string, height = 640) => withFrame(width, height);

/** Answered: approved (and run by the server), denied with a reason, run in the browser, failed there. */
const settled: StoryScript = {
  turns: [
    {
      user: 'Email Ana the plan, tidy the reports, and tell me my time zone',
      steps: [
        text('Here is what I need from you and from your browser. '),
        asks(sendEmail()),
        asks(deleteFile('call_del_a', '/reports/2024-draft.xlsx')),
        asks(timeZone),
        asks(clipboard),
      ],
    },
  ],
  options: {
    endpoint: '/api/chat',
    fetch: sseFetch(
      () => [
        resultOf(sendEmail(), 'Sent to ana@example.com.'),
        text('The email is sent and I kept the file. You are in Europe/Oslo.'),
      ],
      { done: true },
    ),
    tools: defineTools<{ get_time_zone: { result: string }; read_clipboard: { result: string } }>({
      get_time_zone: { execute: () => 'Europe/Oslo' },
      read_clipboard: {
        execute: () => {
          throw new Error('This page may not read the clipboard.');
        },
      },
    }),
  },
  settle: (store) => {
    const id = store.getState().messages.at(-1)!.id;
    store.approve(id, 'call_email');
    store.deny(id, 'call_del_a', 'Keep it for the audit');
  },
};

/** In a chat: two approvals waiting at once, the bar above the composer, and Review. */
export const TwoInParallel: StoryObj<typeof Chat> = {
  render: () => <Chat title="Files" />,
  decorators: [
    chatFrame('100%'),
    withScript({ turns: [{ user: 'Clean up the old reports', steps: twoDeletes }] }),
  ],
  play: async ({ canvasElement }) => {
    const bar = canvasElement.querySelector<HTMLElement>('[data-slot="pending-input-bar"]')!;
    await expect(bar).toHaveTextContent('2 actions need your approval');
    await expect(bar).toHaveTextContent('Sending a message will deny the waiting actions.');
    await userEvent.click(within(bar).getByRole('button', { name: 'Review' }));
    const first = canvas(canvasElement).getAllByRole('button', { name: 'Approve' })[0]!;
    await waitFor(() => expect(first).toHaveFocus());
  },
};

/** On a phone. */
export const TwoInParallelPhone: StoryObj<typeof Chat> = {
  ...TwoInParallel,
  decorators: [
    chatFrame(390, 760),
    withScript({ turns: [{ user: 'Clean up the old reports', steps: twoDeletes }] }),
  ],
  play: undefined,
};

/**
 * Inside a sub-agent's section: the section is open while its call waits, and when the reader
 * folds it, Review opens it again and takes the focus to Approve.
 */
export const InsideFoldedSubAgent: StoryObj<typeof Chat> = {
  render: () => <Chat title="Ops" />,
  decorators: [
    chatFrame('100%'),
    withScript({ turns: [{ user: 'The API is slow, fix it', steps: nestedTurn }] }),
  ],
  play: async ({ canvasElement }) => {
    // The scripted run streams in: wait for the section, opened by the call waiting inside it.
    const trigger = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('[data-slot="delegation-tree-trigger"]');
      expect(found).toHaveAttribute('aria-expanded', 'true');
      return found!;
    });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(canvas(canvasElement).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(canvas(canvasElement).getByRole('button', { name: 'Approve' })).toHaveFocus());
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};

/**
 * After the answers: "Approved", "Denied: reason", "Ran in your browser", "Failed in your
 * browser" (under the failure itself).
 */
export const Answered: StoryObj<typeof Chat> = {
  render: () => <Chat title="Assistant" />,
  decorators: [chatFrame('100%', 700), withScript(settled)],
  play: async ({ canvasElement }) => {
    const answers = () =>
      Array.from(canvasElement.querySelectorAll('[data-slot="approval-answer"]')).map((e) => e.textContent);
    await waitFor(() =>
      expect(answers()).toEqual([
        'Approved',
        'Denied: Keep it for the audit',
        'Ran in your browser',
        'Failed in your browser',
      ]),
    );
    await expect(canvasElement.querySelector('[data-tool="read_clipboard"]')).toHaveTextContent(
      'This page may not read the clipboard.',
    );
    await waitFor(() => expect(canvasElement).toHaveTextContent('You are in Europe/Oslo.'));
    await expect(canvasElement.querySelector('[data-slot="pending-input-bar"]')).toBeNull();
  },
};

/** Dark, an editable approval in a chat. */
export const Dark: StoryObj<typeof Chat> = {
  render: () => <Chat title="Assistant" theme="dark" />,
  decorators: [
    chatFrame('100%'),
    withScript({ turns: [{ user: 'Email Ana the plan', steps: emailTurn({ editable: true }) }] }),
  ],
};
