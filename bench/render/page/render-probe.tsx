import type { ToolRendererProps } from '@toolstream/ui';

/**
 * Counts renders of tool-call bodies from inside `<Chat>` through its public `toolRenderers` prop:
 * a renderer that counts, then renders the default body inside an element of its own
 * (`data-bench-output`, the tool's name), where the page looks for the markers' text. The chat
 * renders it whenever a call's body renders: a new call object (the call changed), or a re-render
 * nothing called for.
 */
export const renders = {
  /** Times (performance.now()) of each render of the watched call. */
  watched: [] as number[],
  /** Renders of the other calls with the same call object as at their previous render. */
  sameCall: 0,
};
const last = new Map<string, ToolRendererProps['call']>();
let watchedTool = '';

/** Which tool's renders to time: the call that never changes. */
export function watchTool(tool: string): void {
  watchedTool = tool;
}

export function RenderProbe({ call, renderDefault }: ToolRendererProps) {
  const tool = call.toolName;
  if (tool === watchedTool) renders.watched.push(performance.now());
  else if (last.get(tool) === call) renders.sameCall++;
  last.set(tool, call);
  return <div data-bench-output={tool}>{renderDefault()}</div>;
}
