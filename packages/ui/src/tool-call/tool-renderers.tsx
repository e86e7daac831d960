import type { CallStatus, ToolCallState } from '@toolstream/core';
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react';
import type { AnyApprovalRenderers, ApprovalRenderer } from '../approval/approval-renderers.js';

/** What a per-tool renderer receives. */
export interface ToolRendererProps {
  /** The call, as the store holds it (details, phases, agent, `args`…). */
  call: ToolCallState;
  /** The text to show: the result phase's text once it began, else the call phase's. */
  output: string;
  status: CallStatus;
  /** Whether output is arriving now (`status === 'streaming'`). */
  isStreaming: boolean;
  /** Whether the call can still change (pending, streaming or running). */
  isOpen: boolean;
  /** Renders the default body (the output, formatted for what it is), to wrap it rather than replace it. */
  renderDefault: () => ReactNode;
}

/**
 * A component that renders the body of one tool's calls — the tool's own UI (a weather card, a
 * list of search hits). A call with a renderer shows it inline, always open, and is never folded
 * into a "Used N tools" group.
 */
export type ToolRenderer = ComponentType<ToolRendererProps>;

/** Renderers by tool name; tools without one use the default body. */
export type ToolRenderers = Readonly<Record<string, ToolRenderer>>;

/**
 * A tool's name for people: a fixed text, or one made from the call (to say "Searched the web
 * for …" once it is done, say). Without one, the tool name is humanized (`search_confluence` →
 * "Search confluence").
 */
export type ToolLabel = string | ((call: ToolCallState) => string);

/** Labels by tool name. */
export type ToolLabels = Readonly<Record<string, ToolLabel>>;

interface ToolRegistry {
  renderers: ToolRenderers;
  labels: ToolLabels;
  approvals: AnyApprovalRenderers;
}

const EMPTY: ToolRegistry = Object.freeze({
  renderers: Object.freeze({}),
  labels: Object.freeze({}),
  approvals: Object.freeze({}),
});
const ToolRegistryContext = createContext<ToolRegistry>(EMPTY);
ToolRegistryContext.displayName = 'ToolRegistryContext';

/** Props of {@link ToolRenderersProvider}. */
export interface ToolRenderersProviderProps {
  /** Renderers by tool name; they are added to (and win over) those of an outer provider. */
  renderers?: ToolRenderers;
  /** Labels by tool name, added to (and winning over) those of an outer provider. */
  labels?: ToolLabels;
  /**
   * What approving a call of a tool will do, by tool name (see `ApprovalRenderers`); added to
   * (and winning over) those of an outer provider.
   */
  approvalRenderers?: AnyApprovalRenderers;
  children?: ReactNode;
}

/**
 * Gives a subtree per-tool renderers and labels: every tool call below renders the body of a
 * call to a listed tool with that component, and names listed tools with their label.
 *
 * @example
 * ```tsx
 * <ToolRenderersProvider
 *   renderers={{ search_confluence: ConfluenceResults }}
 *   labels={{ search_confluence: 'Searched Confluence' }}
 * >
 *   <Thread />
 * </ToolRenderersProvider>
 * ```
 */
export function ToolRenderersProvider({
  renderers,
  labels,
  approvalRenderers,
  children,
}: ToolRenderersProviderProps) {
  const outer = useContext(ToolRegistryContext);
  const value = useMemo(
    () => ({
      renderers: renderers === undefined ? outer.renderers : { ...outer.renderers, ...renderers },
      labels: labels === undefined ? outer.labels : { ...outer.labels, ...labels },
      approvals:
        approvalRenderers === undefined ? outer.approvals : { ...outer.approvals, ...approvalRenderers },
    }),
    [outer, renderers, labels, approvalRenderers],
  );
  return <ToolRegistryContext.Provider value={value}>{children}</ToolRegistryContext.Provider>;
}
ToolRenderersProvider.displayName = 'ToolRenderersProvider';

/** The renderer registered for a tool, or `undefined` (use the default). */
export function useToolRenderer(toolName: string): ToolRenderer | undefined {
  const { renderers } = useContext(ToolRegistryContext);
  return Object.hasOwn(renderers, toolName) ? renderers[toolName] : undefined;
}

/** Every registered renderer (to know which tools have one). */
export function useToolRenderers(): ToolRenderers {
  return useContext(ToolRegistryContext).renderers;
}

/** The approval renderer registered for a tool, or `undefined` (the kit's view of the arguments). */
export function useApprovalRenderer(toolName: string): ApprovalRenderer | undefined {
  const { approvals } = useContext(ToolRegistryContext);
  return Object.hasOwn(approvals, toolName) ? (approvals[toolName] as ApprovalRenderer) : undefined;
}

/** Every registered label. */
export function useToolLabels(): ToolLabels {
  return useContext(ToolRegistryContext).labels;
}
