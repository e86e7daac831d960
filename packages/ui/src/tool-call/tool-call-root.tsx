import { findMessage } from '@toolstream/core';
import { useResolvedStore, useToolStreamState } from '@toolstream/react';
import { type HTMLAttributes, useEffect, useMemo, useRef, useState } from 'react';
import { waitsInside } from '../delegation-tree/waits-inside.js';
import { AnswerScope } from '../internal/answer-scope.js';
import { cx } from '../internal/cx.js';
import { leadsTo, type RevealCallDetail, revealCall, useRevealRequests } from '../internal/reveal-call.js';
import { useAutoDisclosure } from '../internal/use-auto-disclosure.js';
import type { DisclosureOptions } from '../internal/use-disclosure.js';
import { ToolCallContext, type ToolCallContextValue, useCallFields } from './tool-call-context.js';
import { useToolRenderer } from './tool-renderers.js';

/** Props of {@link ToolCallRoot}. Other props go to the `<article>`. */
export interface ToolCallRootProps extends HTMLAttributes<HTMLElement>, DisclosureOptions {
  /** The call to show (`call_id`). Nothing renders until the call appears in the store. */
  callId: string;
  /**
   * The answer the call belongs to (ids repeat across turns). Default: the enclosing
   * `AssistantMessage`'s, else the latest answer.
   */
  messageId?: string;
}

/**
 * The root of one tool call, for composing its parts yourself (`ToolCallHeader`,
 * `ToolCallContent`, `ToolCallInput`, `ToolCallOutput`…); {@link ToolCall} is the default
 * composition. Renders an `<article>` with `data-state` (the call's status), `data-kind`,
 * `data-tool`, `data-open` while expanded, and `aria-busy` while the call is open.
 *
 * Expanded or not: controlled with `open` + `onOpenChange`, decided with `defaultOpen`, or left
 * to the call — open while its output streams and folded to one line once it is done; a tool
 * with its own renderer (`ToolRenderersProvider`) stays open. The reader's own choice sticks,
 * except that a sub-agent's section opens again when a call inside it begins to wait for them.
 *
 * It re-renders when the call's label, status or other shown fields change, not as its output
 * grows: only the output does.
 */
export function ToolCallRoot({ messageId, ...props }: ToolCallRootProps) {
  return (
    <AnswerScope messageId={messageId}>
      <ScopedToolCallRoot {...props} />
    </AnswerScope>
  );
}
ToolCallRoot.displayName = 'ToolCallRoot';

function ScopedToolCallRoot(props: Omit<ToolCallRootProps, 'messageId'>) {
  return <CallRoot {...props} look="tool-call" />;
}

/**
 * The root of a call of either look: a tool call's row (`tool-call`), or a sub-agent's section
 * (`delegation-tree`), which stays open while the sub-agent works. Inside an answer scope.
 */
export function CallRoot({
  look,
  callId,
  open: openProp,
  defaultOpen,
  onOpenChange,
  className,
  children,
  ...props
}: Omit<ToolCallRootProps, 'messageId'> & { look: 'tool-call' | 'delegation-tree' }) {
  const { messageId, read, fields, base } = useCallFields(
    callId,
    look === 'tool-call' ? 'ToolCallRoot' : 'DelegationTree',
  );
  const hasRenderer = useToolRenderer(fields?.toolName ?? '') !== undefined;
  // A sub-agent's section with a call inside waiting for the person is open: never hidden.
  const waiting = useToolStreamState((state) => {
    if (look !== 'delegation-tree') return false;
    const message = findMessage(state, messageId);
    return message?.role === 'assistant' && waitsInside(message, callId);
  });
  const auto =
    look === 'delegation-tree'
      ? fields?.isOpen === true || waiting
      : hasRenderer || fields?.status === 'streaming';
  const { open, setOpen } = useAutoDisclosure({ open: openProp, defaultOpen, onOpenChange }, auto, waiting);
  const revealed = useReveal(messageId, callId, open, setOpen);
  const value = useMemo<ToolCallContextValue | null>(
    () =>
      fields === null
        ? null
        : {
            messageId,
            callId,
            read,
            fields,
            open,
            setOpen,
            ids: { label: `${base}-label`, content: `${base}-content`, output: `${base}-output` },
          },
    [messageId, callId, read, fields, open, setOpen, base],
  );
  if (value === null || fields === null) return null;
  return (
    <ToolCallContext.Provider value={value}>
      <article
        ref={revealed.ref}
        data-slot={look}
        data-call-id={callId}
        data-revealed={revealed.on ? '' : undefined}
        data-state={fields.status}
        data-kind={fields.kind}
        data-tool={fields.toolName}
        data-open={open ? '' : undefined}
        aria-busy={fields.isOpen || undefined}
        aria-labelledby={value.ids.label}
        className={cx(look === 'tool-call' ? 'ts-tool-call' : 'ts-delegation', className)}
        {...props}
      >
        {children}
      </article>
    </ToolCallContext.Provider>
  );
}

/** How long a revealed call stays marked. */
const REVEALED_MS = 1600;

/**
 * Answers reveal requests: the call itself scrolls into view and is marked for a moment; a
 * delegation the call sits in opens, and asks again once its calls are rendered.
 */
function useReveal(messageId: string, callId: string, open: boolean, setOpen: (open: boolean) => void) {
  const store = useResolvedStore('ToolCallRoot');
  const ref = useRef<HTMLElement>(null);
  const [on, setOn] = useState(false);
  const [pending, setPending] = useState<RevealCallDetail | null>(null);
  useRevealRequests((detail) => {
    if (detail.messageId !== messageId) return;
    if (detail.callId === callId) {
      setOn(true);
      ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else if (!open && leadsTo(store.getState(), detail, callId)) {
      setOpen(true);
      setPending(detail);
    }
  });
  useEffect(() => {
    if (pending === null) return;
    setPending(null);
    revealCall(pending);
  }, [pending]);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setOn(false), REVEALED_MS);
    return () => clearTimeout(timer);
  }, [on]);
  return { ref, on };
}
