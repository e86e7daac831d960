import type { ToolCall } from '@toolstream/core';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { type DisclosureOptions, useDisclosure } from '../internal/use-disclosure.js';
import { formatArgs, formatValue } from './format-value.js';
import { useCallPart } from './tool-call-context.js';

// Shown elsewhere (the summary line, the agent chip, the nesting), so not repeated here.
const SHOWN_ELSEWHERE = new Set(['summary', 'agent', 'parent_call_id']);

/** Props of {@link ToolCallDetails}. */
export interface ToolCallDetailsProps extends HTMLAttributes<HTMLDivElement>, DisclosureOptions {
  /** Button text; default "Details". */
  label?: string;
}

/**
 * A disclosure with what the call was given: the arguments (`argsText`, indented when it
 * parses, or the parsed `args`), the call phase's text when a result followed, and `tool_call_details`. Closed by
 * default; renders nothing when there is nothing to show.
 */
export function ToolCallDetails({
  label = 'Details',
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...props
}: ToolCallDetailsProps) {
  const disclosure = useDisclosure({ open, defaultOpen, onOpenChange });
  // Closed (as it is for every streaming call), it needs to know only whether there is anything
  // to show, and re-renders when that changes; open, it shows the call and follows it.
  const call = useCallPart('ToolCallDetails', (current) =>
    !hasContent(current) ? null : disclosure.open ? current : SOMETHING,
  );
  if (call === null) return null;
  const hasArgs = call !== SOMETHING && hasArguments(call);
  const input = call !== SOMETHING && call.result !== null && call.call.text !== '' ? call.call.text : null;
  // The raw text keeps what the model wrote (also when it is not valid JSON); parsed arguments
  // are shown when a protocol gave only those.
  const args =
    call === SOMETHING || !hasArgs
      ? null
      : call.argsText
        ? formatArgs(call.argsText)
        : formatValue(call.args);
  const entries =
    call === SOMETHING ? [] : Object.entries(call.details).filter(([key]) => !SHOWN_ELSEWHERE.has(key));
  return (
    <div
      data-slot="tool-call-details"
      data-state={disclosure.open ? 'open' : 'closed'}
      className={cx('ts-tool-call__details', className)}
      {...props}
    >
      <button
        data-slot="tool-call-details-trigger"
        className="ts-disclosure-trigger"
        {...disclosure.triggerProps}
      >
        {label}
      </button>
      <div
        data-slot="tool-call-details-content"
        className="ts-tool-call__details-content"
        {...disclosure.contentProps}
      >
        {call !== SOMETHING && (
          <dl data-slot="tool-call-details-list" className="ts-tool-call__details-list">
            {args !== null && (
              <div data-slot="tool-call-args">
                <dt>Arguments</dt>
                <dd>
                  <pre>
                    <code>{args}</code>
                  </pre>
                </dd>
              </div>
            )}
            {call.argsError !== null && (
              <div data-slot="tool-call-args-error">
                <dt>Invalid arguments</dt>
                <dd>{call.argsError}</dd>
              </div>
            )}
            {input !== null && (
              <div data-slot="tool-call-input">
                <dt>Input</dt>
                <dd>
                  <pre>
                    <code>{input}</code>
                  </pre>
                </dd>
              </div>
            )}
            {entries.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{typeof value === 'string' ? value : <pre>{formatValue(value)}</pre>}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </div>
  );
}
ToolCallDetails.displayName = 'ToolCallDetails';

/** Stands for the call while the disclosure is closed: there is something to show, not shown. */
const SOMETHING = Symbol('something to show');

function hasArguments(call: ToolCall): boolean {
  return (call.argsText !== null && call.argsText !== '') || (call.args !== null && call.args !== undefined);
}

/** Whether the disclosure would show anything (decided without formatting anything). */
function hasContent(call: ToolCall): boolean {
  const input = call.result !== null && call.call.text !== '';
  return hasArguments(call) || input || call.argsError !== null || hasOwnDetails(call.details);
}

function hasOwnDetails(details: Readonly<Record<string, unknown>>): boolean {
  for (const key in details) if (!SHOWN_ELSEWHERE.has(key)) return true;
  return false;
}
