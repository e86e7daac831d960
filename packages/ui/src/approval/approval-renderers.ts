import type { ToolCallState, ToolTypes } from '@toolstream/core';
import type { ComponentType, ReactNode } from 'react';

/** A declared tool's arguments (see `defineTools`), or any object for a tool declared without. */
type ArgsOf<T extends ToolTypes, N extends keyof T> = T[N] extends { args: infer A }
  ? A
  : Readonly<Record<string, unknown>>;

/**
 * What a per-tool approval renderer receives: the call, the arguments it will run with (as the
 * person edited them so far), and — when the request lets the person edit them — `setArgs`. The
 * kit draws Approve and Deny under it: Approve sends `args` as they are then.
 */
export interface ApprovalRendererProps<Args = Readonly<Record<string, unknown>>> {
  call: ToolCallState;
  /** The arguments the call runs with if approved now. */
  args: Args;
  /** Whether the request lets the person edit the arguments (`setArgs` does nothing otherwise). */
  editable: boolean;
  /** Replaces the arguments to approve with; `valid: false` keeps Approve disabled (a field being fixed). */
  setArgs(next: Args, valid?: boolean): void;
  /** Words the agent gave with the request, or `null`. */
  message: string | null;
  /** The tool's name for people. */
  label: string;
  /** Renders the kit's own view of the arguments (a form when editable), to wrap rather than replace it. */
  renderDefault(): ReactNode;
}

/** A component showing what approving a call of one tool will do ("Send this email to …"). */
export type ApprovalRenderer<Args = Readonly<Record<string, unknown>>> = ComponentType<
  ApprovalRendererProps<Args>
>;

/**
 * Approval renderers by tool name, typed by your tool declarations (`defineTools<Tools>`): each
 * renderer gets its tool's argument type.
 *
 * @example
 * ```tsx
 * type Tools = { send_email: { args: { to: string; subject: string; body: string } } };
 * const approvals: ApprovalRenderers<Tools> = {
 *   send_email: ({ args }) => <p>Send “{args.subject}” to {args.to}?</p>,
 * };
 * <Chat endpoint="/api/chat" approvalRenderers={approvals} />
 * ```
 */
export type ApprovalRenderers<T extends ToolTypes = ToolTypes> = {
  readonly [N in keyof T & string]?: ApprovalRenderer<ArgsOf<T, N>>;
};

/**
 * Renderers of any declaration, as the kit stores them: a renderer's props are read only by the
 * renderer (the kit passes each the call's own arguments), so the argument types are erased here.
 */
// biome-ignore lint/suspicious/noExplicitAny: contravariant props; each renderer sees its own tool's arguments
export type AnyApprovalRenderers = Readonly<Record<string, ApprovalRenderer<any> | undefined>>;
