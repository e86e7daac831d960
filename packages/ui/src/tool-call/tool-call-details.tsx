import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { type DisclosureOptions, useDisclosure } from '../internal/use-disclosure.js';
import { callInput, hasArguments, SHOWN_ELSEWHERE } from './call-fields.js';
import { formatArgs, formatValue } from './format-value.js';
import { useEnclosingCall, useToolCallContext } from './tool-call-context.js';

/** Props of {@link ToolCallDetails}. */
export interface ToolCallDetailsProps extends HTMLAttributes<HTMLDivElement>, DisclosureOptions {
  /** Button text; default "Details". */
  label?: string;
}

/**
 * A disclosure with what the call was given: the arguments (`argsText`, indented when it
 * parses, or the parsed `args`), the call phase's text when a result followed, and
 * `tool_call_details`. Closed by default; renders nothing when there is nothing to show.
 */
export function ToolCallDetails({
  label = 'Details',
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...props
}: ToolCallDetailsProps) {
  const { hasDetails } = useToolCallContext('ToolCallDetails').fields;
  const disclosure = useDisclosure({ open, defaultOpen, onOpenChange });
  if (!hasDetails) return null;
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
        {disclosure.open && <DetailsList />}
      </div>
    </div>
  );
}
ToolCallDetails.displayName = 'ToolCallDetails';

/**
 * The open disclosure's content. Only it follows the whole call (arguments stream in); while the
 * disclosure is closed — as it is for nearly every streaming call — nothing is formatted and
 * nothing re-renders with the call.
 */
function DetailsList() {
  const call = useEnclosingCall('ToolCallDetails');
  // The raw text keeps what the model wrote (also when it is not valid JSON); parsed arguments
  // are shown when a protocol gave only those.
  const args = !hasArguments(call)
    ? null
    : call.argsText
      ? formatArgs(call.argsText)
      : formatValue(call.args);
  const input = callInput(call);
  const entries = Object.entries(call.details).filter(([key]) => !SHOWN_ELSEWHERE.has(key));
  return (
    <dl data-slot="tool-call-details-list" className="ts-tool-call__details-list">
      {args !== null && <CodeEntry slot="tool-call-args" term="Arguments" code={args} />}
      {call.argsError !== null && (
        <div data-slot="tool-call-args-error">
          <dt>Invalid arguments</dt>
          <dd>{call.argsError}</dd>
        </div>
      )}
      {input !== null && <CodeEntry slot="tool-call-input" term="Input" code={input} />}
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : <pre>{formatValue(value)}</pre>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One entry of the details list whose value is code (arguments, input). */
function CodeEntry({ slot, term, code }: { slot: string; term: string; code: string }) {
  return (
    <div data-slot={slot}>
      <dt>{term}</dt>
      <dd>
        <pre>
          <code>{code}</code>
        </pre>
      </dd>
    </div>
  );
}
