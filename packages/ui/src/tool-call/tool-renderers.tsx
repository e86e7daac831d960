import type { ToolCallState, ToolCallStatus } from '@toolstream/core';
import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react';

/** What a per-tool renderer receives. */
export interface ToolRendererProps {
  /** The call, as the store holds it (details, phases, agent, `argsText`…). */
  call: ToolCallState;
  /** The text to show: the result phase's text once it began, else the call phase's. */
  output: string;
  status: ToolCallStatus;
  /** Whether output is arriving now (`status === 'streaming'`). */
  isStreaming: boolean;
  /** Whether the call can still change (pending, streaming or running). */
  isOpen: boolean;
  /** Renders the default body (markdown output), to wrap it rather than replace it. */
  renderDefault: () => ReactNode;
}

/** A component that renders the body of one tool's calls. */
export type ToolRenderer = ComponentType<ToolRendererProps>;

/** Renderers by tool name; tools without one use the default body. */
export type ToolRenderers = Readonly<Record<string, ToolRenderer>>;

const EMPTY: ToolRenderers = Object.freeze({});

const ToolRenderersContext = createContext<ToolRenderers>(EMPTY);
ToolRenderersContext.displayName = 'ToolRenderersContext';

/** Props of {@link ToolRenderersProvider}. */
export interface ToolRenderersProviderProps {
  /** Renderers by tool name; they are added to (and win over) those of an outer provider. */
  renderers: ToolRenderers;
  children?: ReactNode;
}

/**
 * Gives a subtree per-tool renderers: every `ToolCall` below renders the body of a call to a
 * listed tool with that component, and any other call with the default.
 *
 * @example
 * ```tsx
 * <ToolRenderersProvider renderers={{ search_confluence: ConfluenceResults }}>
 *   <Thread />
 * </ToolRenderersProvider>
 * ```
 */
export function ToolRenderersProvider({ renderers, children }: ToolRenderersProviderProps) {
  const outer = useContext(ToolRenderersContext);
  const value = useMemo(() => (outer === EMPTY ? renderers : { ...outer, ...renderers }), [outer, renderers]);
  return <ToolRenderersContext.Provider value={value}>{children}</ToolRenderersContext.Provider>;
}
ToolRenderersProvider.displayName = 'ToolRenderersProvider';

/** The renderer registered for a tool, or `undefined` (use the default). */
export function useToolRenderer(toolName: string): ToolRenderer | undefined {
  const renderers = useContext(ToolRenderersContext);
  return Object.hasOwn(renderers, toolName) ? renderers[toolName] : undefined;
}
