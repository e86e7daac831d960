import { isCallOpen } from '@toolstream/core';
import type { HTMLAttributes } from 'react';
import { cx } from '../internal/cx.js';
import { Markdown } from '../markdown/markdown.js';
import { callOutput } from './call-fields.js';
import { useEnclosingCall, useToolCallContext } from './tool-call-context.js';
import { useToolRenderer } from './tool-renderers.js';

/**
 * The call's output, growing in place as it streams: the tool's renderer from
 * `ToolRenderersProvider` when one is registered, else markdown.
 */
export function ToolCallOutput({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const { ids } = useToolCallContext('ToolCallOutput');
  // The whole call: the output grows with (almost) every change of it.
  const call = useEnclosingCall('ToolCallOutput');
  const output = callOutput(call);
  const isOpen = isCallOpen(call.status);
  const Renderer = useToolRenderer(call.toolName);
  const isStreaming = call.status === 'streaming';
  const renderDefault = () => (output === '' ? null : <Markdown streaming={isStreaming}>{output}</Markdown>);
  if (Renderer === undefined && output === '' && !isStreaming) return null;
  return (
    <div
      id={ids.output}
      data-slot="tool-call-output"
      data-state={call.status}
      data-streaming={isStreaming ? '' : undefined}
      className={cx('ts-tool-call__output', className)}
      {...props}
    >
      {Renderer === undefined ? (
        renderDefault()
      ) : (
        <Renderer
          call={call}
          output={output}
          status={call.status}
          isStreaming={isStreaming}
          isOpen={isOpen}
          renderDefault={renderDefault}
        />
      )}
    </div>
  );
}
ToolCallOutput.displayName = 'ToolCallOutput';

/** The tool's failure message, when it reported one. */
export function ToolCallError({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { error } = useToolCallContext('ToolCallError').fields;
  if (error === null) return null;
  return (
    <p data-slot="tool-call-error" className={cx('ts-tool-call__error', className)} {...props}>
      {error}
    </p>
  );
}
ToolCallError.displayName = 'ToolCallError';
