import { useSyncExternalStore } from 'react';
import type { Recording } from '../recording/recording.js';

/** Re-renders (at most once per animation frame) whenever the recording grows; returns its version. */
export function useRecordingVersion(recording: Recording): number {
  return useSyncExternalStore(
    (listener) => recording.subscribe(listener),
    () => recording.version,
  );
}
