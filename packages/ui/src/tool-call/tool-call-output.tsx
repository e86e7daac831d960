import { isCallOpen } from '@toolstream/core';
import type { HTMLAttributes } from 'react';
import { Bounded, isLong } from '../internal/bounded.js';
import { CodeBlock, shapeOf, type TextShape } from '../internal/code-block.js';
import { cx } from '../internal/cx.js';
import { useTextRenderer } from '../text/text-renderer.js';
import { callOutput, callResult, repeatsError } from './call-fields.js';
import { useEnclosingCall, useToolCallContext } from './tool-call-context.js';
import { ToolCallCopyButton } from './tool-call-copy-button.js';
import { ToolCallSection } from './tool-call-section.js';
import { useToolRenderer } from './tool-renderers.js';

/** The output formatted for what it is: JSON indented and highlighted, code-like text as code, else prose. */
function OutputText({ output, shape, streaming }: { output: string; shape: TextShape; streaming: boolean }) {
  const Text = useTextRenderer();
  if (shape.kind === 'json') return <CodeBlock code={shape.pretty} language="json" />;
  if (shape.kind === 'code') return <CodeBlock code={output} />;
  return <Text streaming={streaming}>{output}</Text>;
}

/**
 * The call's output, growing in place as it streams: the tool's renderer from
 * `ToolRenderersProvider` when one is registered, else the output formatted for what it is, in
 * a bounded area (its newest lines while it streams; "Show more" once it is long and complete),
 * with a copy button. Renders nothing without output (or when the output only repeats the
 * failure shown above it).
 */
export function ToolCallOutput({
  title = 'Output',
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & {
  /** The caption above the output; default "Output". */
  title?: string;
}) {
  const { ids, fields } = useToolCallContext('ToolCallOutput');
  // The whole call: the output grows with (almost) every change of it.
  const call = useEnclosingCall('ToolCallOutput');
  const result = callResult(call);
  const Renderer = useToolRenderer(call.toolName);
  const isStreaming = call.status === 'streaming';
  // The call phase's text is the call's input (shown as such): the output is what it returned.
  const renderDefault = () => {
    if (result === '') return null;
    const shape = shapeOf(result, call.result?.complete ?? false);
    const shown = shape.kind === 'json' ? shape.pretty : result;
    return (
      <Bounded
        streaming={isStreaming}
        long={!isStreaming && isLong(shown)}
        label={`Output of ${fields.label}`}
      >
        <OutputText output={result} shape={shape} streaming={isStreaming} />
      </Bounded>
    );
  };
  if (Renderer === undefined && (result === '' || repeatsError(result, call.error))) return null;
  const body = (
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
          output={callOutput(call)}
          status={call.status}
          isStreaming={isStreaming}
          isOpen={isCallOpen(call.status)}
          renderDefault={renderDefault}
        />
      )}
    </div>
  );
  // A tool's own renderer is its UI: shown as it is, without a caption.
  if (Renderer !== undefined) return body;
  return (
    <ToolCallSection slot="tool-call-result" title={title} actions={<ToolCallCopyButton />}>
      {body}
    </ToolCallSection>
  );
}
ToolCallOutput.displayName = 'ToolCallOutput';
