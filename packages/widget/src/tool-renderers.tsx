import type { CallStatus, ToolCallState } from '@toolstream/core';
import type { ToolRenderer, ToolRendererProps, ToolRenderers } from '@toolstream/ui';
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';

/**
 * The default body of a call, as `renderDefault()` returns it: return it (as is) to show the
 * default, e.g. when a renderer only handles some calls. It is opaque: the widget renders with
 * its own bundled renderer, so nothing outside it can build or take apart its elements.
 */
export interface DefaultToolBody {
  readonly __toolstreamDefaultToolBody: unique symbol;
}

/** What a widget tool renderer returns: a DOM node (shown as is), text, the default body, or nothing. */
export type WidgetToolOutput = Node | string | number | DefaultToolBody | null | undefined;

/** What a widget tool renderer receives on every update of a call. */
export interface WidgetToolRendererProps {
  /** The call, as the store holds it (details, phases, agent, `args`…). */
  call: ToolCallState;
  /** The text to show: the result phase's text once it began, else the call phase's. */
  output: string;
  status: CallStatus;
  /** Whether output is arriving now (`status === 'streaming'`). */
  isStreaming: boolean;
  /** Whether the call can still change (pending, streaming or running). */
  isOpen: boolean;
  /** The default body, to return instead of your own. */
  renderDefault: () => DefaultToolBody;
}

/**
 * Renders the body of one tool's calls. It is called as a function on every update and returns
 * a DOM `Node` (shown as is: the natural thing on a page without a framework), a string, or
 * `renderDefault()`. The widget draws with its own bundled renderer (Preact), so elements of the
 * page's React or another framework cannot be returned; in a React app use `@toolstream/ui`'s
 * `<Chat>` and its `toolRenderers` instead.
 */
export type WidgetToolRenderer = (props: WidgetToolRendererProps) => WidgetToolOutput;

/** Widget renderers by tool name. */
export type WidgetToolRenderers = Readonly<Record<string, WidgetToolRenderer>>;

/** The widget renderers in effect, read by {@link WidgetToolBody}. */
export const WidgetToolRenderersContext = createContext<WidgetToolRenderers>({});

/**
 * The kit's renderers for widget renderers: the same component for every listed tool, which
 * calls the widget renderer of the call's tool from {@link WidgetToolRenderersContext}.
 */
export function toToolRenderers(renderers: WidgetToolRenderers): ToolRenderers {
  return Object.fromEntries(Object.keys(renderers).map((tool) => [tool, WidgetToolBody]));
}

/** Calls the widget renderer of the call's tool; a DOM node it returns is shown as is. */
const WidgetToolBody: ToolRenderer = (props: ToolRendererProps) => {
  const render = useContext(WidgetToolRenderersContext)[props.call.toolName];
  if (render === undefined) return props.renderDefault();
  // The default body is an element of the bundled renderer; to the page it is an opaque token.
  const output = render(props as unknown as WidgetToolRendererProps);
  return isDomNode(output) ? <DomOutput node={output} /> : (output as ReactNode);
};
WidgetToolBody.displayName = 'WidgetToolBody';

function isDomNode(value: unknown): value is Node {
  return typeof Node !== 'undefined' && value instanceof Node;
}

/** Shows a DOM node a renderer returned, replacing the previous one. */
function DomOutput({ node }: { node: Node }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = slot.current!;
    element.replaceChildren(node);
    return () => element.replaceChildren();
  }, [node]);
  return <div data-slot="widget-tool-output" ref={slot} />;
}
