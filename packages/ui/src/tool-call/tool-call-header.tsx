import type { HTMLAttributes } from 'react';
import { useContext } from 'react';
import { cx } from '../internal/cx.js';
import { GroupItemContext } from '../internal/group-item.js';
import { useToolCallContext } from './tool-call-context.js';
import { ToolCallElapsed } from './tool-call-elapsed.js';
import { ToolCallStatus } from './tool-call-status.js';

/** The call's name for people (its accessible name): the tool's label, else its name humanized. */
export function ToolCallName({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { ids, fields } = useToolCallContext('ToolCallName');
  return (
    <span
      id={ids.label}
      data-slot="tool-call-name"
      className={cx('ts-tool-call__name', className)}
      {...props}
    >
      {fields.label}
    </span>
  );
}
ToolCallName.displayName = 'ToolCallName';

/** The sub-agent that made the call, when known (shown by custom compositions; rows inside a sub-agent's section leave it out). */
export function ToolCallAgent({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { agent } = useToolCallContext('ToolCallAgent').fields;
  if (agent === null) return null;
  return (
    <span data-slot="tool-call-agent" className={cx('ts-tool-call__agent', className)} {...props}>
      {agent}
    </span>
  );
}
ToolCallAgent.displayName = 'ToolCallAgent';

/** One line about what the call is about: the backend's `summary`, else its input. */
export function ToolCallSummary({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const { preview } = useToolCallContext('ToolCallSummary').fields;
  if (preview === '') return null;
  return (
    <span data-slot="tool-call-summary" className={cx('ts-tool-call__summary', className)} {...props}>
      {preview}
    </span>
  );
}
ToolCallSummary.displayName = 'ToolCallSummary';

/**
 * The call's one-line row: status icon, name, a preview of what it is about, the status word and
 * how long it took (the icon is drawn first, but comes after the name in the markup), and a
 * chevron the stylesheet draws when it can open. When the call has something to show (input, output, details) the row is a
 * button that expands it (`aria-expanded`); otherwise it is plain text and no tab stop. Pass
 * children to replace the row's content.
 */
export function ToolCallHeader({ className, children, onClick, ...props }: HTMLAttributes<HTMLElement>) {
  const { fields, ids, open, setOpen } = useToolCallContext('ToolCallHeader');
  const inGroup = useContext(GroupItemContext);
  const expandable = fields.hasInput || fields.hasOutput || fields.hasDetails || open;
  const content = children ?? (
    <>
      <ToolCallName />
      <ToolCallSummary />
      <ToolCallStatus />
      <ToolCallElapsed />
    </>
  );
  if (!expandable) {
    return (
      <div data-slot="tool-call-trigger" className={cx('ts-tool-call__trigger', className)} {...props}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      data-slot="tool-call-trigger"
      data-state={open ? 'open' : 'closed'}
      aria-expanded={open}
      aria-controls={ids.content}
      tabIndex={inGroup ? -1 : undefined}
      className={cx('ts-tool-call__trigger', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(!open);
      }}
      {...props}
    >
      {content}
    </button>
  );
}
ToolCallHeader.displayName = 'ToolCallHeader';
