import type { ToolCallState } from '@toolstream/core';
import { CodeBlock, prettyValue, shapeOf } from '../internal/code-block.js';
import { callInput, hasArguments } from './call-fields.js';
import { useEnclosingCall, useToolCallContext } from './tool-call-context.js';
import { ToolCallSection } from './tool-call-section.js';

/** The call's input as code: parsed arguments indented and highlighted, else the raw text. */
function inputCode(call: ToolCallState): { code: string; language: 'json' | 'text' } | null {
  if (call.args !== null && call.args !== undefined && hasArguments(call)) {
    return { code: prettyValue(call.args), language: typeof call.args === 'string' ? 'text' : 'json' };
  }
  if (call.argsText !== null && hasArguments(call)) {
    const shape = shapeOf(call.argsText, call.call.complete);
    return shape.kind === 'json'
      ? { code: shape.pretty, language: 'json' }
      : { code: call.argsText, language: 'text' };
  }
  const input = callInput(call);
  if (input === null) return null;
  const shape = shapeOf(input, true);
  return shape.kind === 'json' ? { code: shape.pretty, language: 'json' } : { code: input, language: 'text' };
}

/**
 * What the call was given: its arguments (JSON indented and highlighted, growing as they
 * stream), or the call phase's text once a result followed; and why the arguments are invalid,
 * when they are. Renders nothing for a call without input.
 */
export function ToolCallInput() {
  const { hasInput } = useToolCallContext('ToolCallInput').fields;
  if (!hasInput) return null;
  return <InputBody />;
}
ToolCallInput.displayName = 'ToolCallInput';

function InputBody() {
  const call = useEnclosingCall('ToolCallInput');
  const code = inputCode(call);
  return (
    <ToolCallSection slot="tool-call-input" title="Input">
      {code !== null && <CodeBlock code={code.code} language={code.language} />}
      {call.argsError !== null && (
        <p data-slot="tool-call-args-error" className="ts-tool-call__args-error">
          {`The arguments are not valid: ${call.argsError}`}
        </p>
      )}
    </ToolCallSection>
  );
}
