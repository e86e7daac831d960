import { useResolvedStore } from '@toolstream/react';
import { type HTMLAttributes, useEffect, useRef } from 'react';
import { visuallyHidden } from '../internal/visually-hidden.js';
import { describeProgress, type Progress, readProgress } from './progress.js';

/** Props of {@link StreamAnnouncer}. */
export interface StreamAnnouncerProps extends HTMLAttributes<HTMLDivElement> {
  /** Least time between two announcements. Default 1500 ms. */
  intervalMs?: number;
}

/**
 * A polite live region for screen readers that says what the stream did — new answer text,
 * tools that started or ended, the end of the run — at most once per `intervalMs`, never per
 * token. It subscribes to the store directly and writes its text into the live region without a
 * React render, so an announcement never adds a commit to a frame. Visually hidden. `Thread`
 * includes one.
 */
export function StreamAnnouncer({ intervalMs = 1500, style, ...props }: StreamAnnouncerProps) {
  const store = useResolvedStore('StreamAnnouncer');
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let progress: Progress = readProgress(store.getState(), null);
    // What was there before mounting is not news.
    progress = { ...progress, announced: progress.text.length };
    let timer: ReturnType<typeof setTimeout> | null = null;
    const announce = () => {
      timer = null;
      const result = describeProgress(progress, readProgress(store.getState(), progress));
      progress = result.progress;
      // Screen readers follow the DOM text of a live region; React has nothing to render here.
      if (result.message !== '' && region.current !== null) region.current.textContent = result.message;
      // Text held back (a word still arriving) is read on the next turn.
      if (progress.announced < progress.text.length && progress.status !== 'streaming') schedule();
    };
    const schedule = () => {
      if (timer === null) timer = setTimeout(announce, intervalMs);
    };
    const unsubscribe = store.subscribe(schedule);
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store, intervalMs]);

  return (
    <div
      ref={region}
      aria-live="polite"
      aria-atomic="true"
      data-slot="stream-announcer"
      style={{ ...visuallyHidden, ...style }}
      {...props}
    />
  );
}
StreamAnnouncer.displayName = 'StreamAnnouncer';
