import { isRunActive } from '@toolstream/core';
import { useToolStreamState } from '@toolstream/react';

/** Whether this message is the one the current run is writing into. */
export function useMessageStreaming(messageId: string): boolean {
  return useToolStreamState((state) => state.run.messageId === messageId && isRunActive(state.status));
}
