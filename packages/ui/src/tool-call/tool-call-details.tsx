import type { HTMLAttributes } from 'react';
import { CodeBlock, prettyValue } from '../internal/code-block.js';
import { cx } from '../internal/cx.js';
import { humanize } from '../internal/humanize.js';
import { otherDetails } from './call-fields.js';
import { useEnclosingCall, useToolCallContext } from './tool-call-context.js';
import { ToolCallSection } from './tool-call-section.js';

/**
 * The rest of `tool_call_details` — what the backend sent that nothing else shows — with its
 * keys in words (`max_results` → "Max results") and values as text (objects as indented JSON). Renders
 * nothing when there is none.
 */
export function ToolCallDetails({ className, ...props }: HTMLAttributes<HTMLDListElement>) {
  const { hasDetails } = useToolCallContext('ToolCallDetails').fields;
  if (!hasDetails) return null;
  return <DetailsList className={className} {...props} />;
}
ToolCallDetails.displayName = 'ToolCallDetails';

function DetailsList({ className, ...props }: HTMLAttributes<HTMLDListElement>) {
  const call = useEnclosingCall('ToolCallDetails');
  return (
    <ToolCallSection slot="tool-call-details" title="Details">
      <dl
        data-slot="tool-call-details-list"
        className={cx('ts-tool-call__details-list', className)}
        {...props}
      >
        {otherDetails(call).map(([key, value]) => (
          <div key={key} data-slot="tool-call-detail">
            <dt>{humanize(key) || key}</dt>
            <dd>
              {typeof value === 'string' ? value : <CodeBlock code={prettyValue(value)} language="json" />}
            </dd>
          </div>
        ))}
      </dl>
    </ToolCallSection>
  );
}
