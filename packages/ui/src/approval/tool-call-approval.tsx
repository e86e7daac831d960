import { type CallInput, callArguments, type ToolCallState } from '@toolstream/core';
import { type CallInputState, useCallInput, useToolCallSelector } from '@toolstream/react';
import { type HTMLAttributes, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cx } from '../internal/cx.js';
import { CheckIcon, CrossIcon } from '../internal/icons.js';
import { useToolCallContext } from '../tool-call/tool-call-context.js';
import { useApprovalRenderer } from '../tool-call/tool-renderers.js';
import { answerTone, answerWords } from './answer-words.js';
import { ArgumentForm, ArgumentList } from './argument-fields.js';
import { offerFocus } from './focus-request.js';

type Args = Readonly<Record<string, unknown>>;
const NO_ARGS: Args = Object.freeze({});

/** Props of {@link ToolCallApproval}. Other props go to its element. */
export interface ToolCallApprovalProps extends HTMLAttributes<HTMLDivElement> {
  /** Replaces some of its words (for translations). */
  labels?: Partial<ApprovalLabels>;
}

/** The words of {@link ToolCallApproval}'s controls. */
export interface ApprovalLabels {
  approve: string;
  deny: string;
  confirmDeny: string;
  cancel: string;
  reason: string;
  answer: string;
  runningHere: string;
}

const LABELS: ApprovalLabels = {
  approve: 'Approve',
  deny: 'Deny',
  confirmDeny: 'Deny',
  cancel: 'Cancel',
  reason: 'Why not? (optional, the agent reads it)',
  answer: 'Answer',
  runningHere: 'Running in your browser',
};

/**
 * What a call that asks for input shows under its row (PROTOCOL.md §11). While it waits for
 * approval: what will run — the agent's words, the tool's arguments formatted for what they are
 * (a form when the request lets the person edit them, or the tool's approval renderer) — with
 * Approve and Deny (Deny asks for an optional reason). A question: a field and Answer. A client
 * tool: "Running in your browser". Once answered it says how: "Approved", "Denied: reason", "Ran
 * in your browser", "Failed in your browser: …". A new request takes the focus once, when the
 * focus is free (not while the person writes). Renders nothing for a call that asks for nothing.
 */
export function ToolCallApproval({ labels, className, ...props }: ToolCallApprovalProps) {
  const { messageId, callId, fields } = useToolCallContext('ToolCallApproval');
  const state = useCallInput(messageId, callId);
  const words = { ...LABELS, ...labels };
  const input = state.input;
  if (input === null) return null;
  if (state.isWaiting) {
    if (input.kind === 'client') {
      return (
        <div
          data-slot="tool-call-approval"
          data-state="waiting"
          data-kind="client"
          className={cx('ts-approval', className)}
          {...props}
        >
          <span data-slot="approval-running" aria-hidden="true" />
          <span>{words.runningHere}</span>
        </div>
      );
    }
    return (
      <div
        data-slot="tool-call-approval"
        data-state="waiting"
        data-kind={input.kind}
        data-message-id={messageId}
        data-call-id={callId}
        className={cx('ts-approval', className)}
        {...props}
      >
        {input.kind === 'approval' ? (
          <ApprovalRequest input={input} actions={state} words={words} />
        ) : (
          <QuestionRequest input={input} actions={state} words={words} />
        )}
      </div>
    );
  }
  const said = answerWords(input, state.status, fields.error);
  if (said === null) return null;
  const tone = answerTone(input);
  return (
    <div
      data-slot="tool-call-approval"
      data-state="answered"
      data-tone={tone}
      data-kind={input.kind}
      className={cx('ts-approval', className)}
      {...props}
    >
      <span data-slot="approval-answer-icon" aria-hidden="true">
        {tone === 'negative' ? <CrossIcon /> : <CheckIcon />}
      </span>
      <span data-slot="approval-answer">{said}</span>
    </div>
  );
}
ToolCallApproval.displayName = 'ToolCallApproval';

/** The call's arguments, wherever its protocol put them; selected once (they no longer stream). */
function useCallArgs(messageId: string, callId: string): { call: ToolCallState | undefined; args: Args } {
  const call = useToolCallSelector(messageId, callId, (value) => value);
  return { call, args: (call === undefined ? null : callArguments(call)) ?? NO_ARGS };
}

function ApprovalRequest({
  input,
  actions,
  words,
}: {
  input: CallInput;
  actions: CallInputState;
  words: ApprovalLabels;
}) {
  const { messageId, callId, fields } = useToolCallContext('ToolCallApproval');
  const { call, args } = useCallArgs(messageId, callId);
  const Renderer = useApprovalRenderer(fields.toolName);
  const [draft, setDraft] = useState<{ args: Args; valid: boolean; edited: boolean }>({
    args,
    valid: true,
    edited: false,
  });
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const promptId = useId();
  const reasonId = useId();
  const approveButton = useRef<HTMLButtonElement>(null);
  const denyButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLInputElement>(null);

  useEffect(() => offerFocus(input, approveButton.current), [input]);
  // Opening the reason field moves into it; closing it goes back to Deny.
  const wasDenying = useRef(false);
  useEffect(() => {
    if (denying) reasonField.current?.focus();
    else if (wasDenying.current) denyButton.current?.focus();
    wasDenying.current = denying;
  }, [denying]);

  const setArgs = (next: Args, valid = true) => {
    if (input.editable) setDraft({ args: next, valid, edited: true });
  };
  const approve = () => {
    if (!draft.valid) return;
    actions.approve(input.editable && draft.edited ? { args: draft.args } : undefined);
  };
  const deny = () => actions.deny(reason.trim() === '' ? undefined : reason.trim());
  const onReasonKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      deny();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDenying(false);
    }
  };
  const renderDefault = () =>
    input.editable ? (
      <ArgumentForm original={args} onChange={(next, invalid) => setArgs(next, invalid.size === 0)} />
    ) : (
      <ArgumentList args={args} />
    );

  return (
    // biome-ignore lint/a11y/useSemanticElements: a request with its controls, not a set of form fields
    <div role="group" aria-labelledby={promptId} data-slot="approval-request">
      <p id={promptId} data-slot="approval-prompt" className="ts-approval__prompt">
        {input.message ?? `${fields.label} needs your approval`}
      </p>
      <div data-slot="approval-body" className="ts-approval__body">
        {Renderer !== undefined && call !== undefined ? (
          <Renderer
            call={call}
            args={draft.args}
            editable={input.editable}
            setArgs={setArgs}
            message={input.message}
            label={fields.label}
            renderDefault={renderDefault}
          />
        ) : (
          renderDefault()
        )}
      </div>
      {denying ? (
        <div data-slot="approval-deny" className="ts-approval__deny">
          <label htmlFor={reasonId} data-slot="approval-reason-label">
            {words.reason}
          </label>
          <div data-slot="approval-actions" className="ts-approval__actions">
            <input
              ref={reasonField}
              id={reasonId}
              type="text"
              data-slot="approval-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={onReasonKey}
            />
            <button type="button" className="ts-button ts-button--danger" onClick={deny}>
              {words.confirmDeny}
            </button>
            <button type="button" className="ts-button ts-button--ghost" onClick={() => setDenying(false)}>
              {words.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div data-slot="approval-actions" className="ts-approval__actions">
          <button
            ref={approveButton}
            type="button"
            data-slot="approval-approve"
            className="ts-button ts-button--primary"
            disabled={!draft.valid}
            onClick={approve}
          >
            {words.approve}
          </button>
          <button
            ref={denyButton}
            type="button"
            data-slot="approval-deny-button"
            className="ts-button"
            onClick={() => setDenying(true)}
          >
            {words.deny}
          </button>
        </div>
      )}
    </div>
  );
}

/** A question the agent asks the person (`awaiting: "input"`): a field, and Answer. */
function QuestionRequest({
  input,
  actions,
  words,
}: {
  input: CallInput;
  actions: CallInputState;
  words: ApprovalLabels;
}) {
  const { fields } = useToolCallContext('ToolCallApproval');
  const [value, setValue] = useState('');
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => offerFocus(input, field.current), [input]);
  return (
    <form
      data-slot="approval-request"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== '') actions.respond({ value: value.trim() });
      }}
    >
      <label htmlFor={fieldId} data-slot="approval-prompt" className="ts-approval__prompt">
        {input.message ?? `${fields.label} asks you`}
      </label>
      <div data-slot="approval-actions" className="ts-approval__actions">
        <input
          ref={field}
          id={fieldId}
          type="text"
          data-slot="approval-reason"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="ts-button ts-button--primary" disabled={value.trim() === ''}>
          {words.answer}
        </button>
      </div>
    </form>
  );
}
