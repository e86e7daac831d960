import type { ToolRenderer, ToolRendererProps, ToolRenderers } from '@toolstream/ui';
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';

/**
 * Renders the body of one tool's calls. It is called as a function on every update and may
 * return React elements (built with React 19's `createElement` or JSX: the widget bundles its
 * own React, so hooks of another React copy do not work here), a string, or a DOM `Node`,
 * which is handy on pages without React.
 */
export type WidgetToolRenderer = (props: ToolRendererProps) => ReactNode | Node;

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
const WidgetToolBody: ToolRenderer = (props) => {
  const render = useContext(WidgetToolRenderersContext)[props.call.toolName];
  if (render === undefined) return props.renderDefault();
  const output = render(props);
  return isDomNode(output) ? <DomOutput node={output} /> : output;
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
