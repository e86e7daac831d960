import { useCallback, useRef, useState } from 'react';

/**
 * State a caller may own (`value` + `onChange`) or leave to the component (`defaultValue`),
 * as Radix's `useControllableState`: the disclosures here (details, delegation trees, thinking)
 * open and close on their own unless told.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [own, setOwn] = useState(defaultValue);
  const controlled = value !== undefined;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : own, set];
}
