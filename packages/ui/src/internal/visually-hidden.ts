import type { CSSProperties } from 'react';

/**
 * Hides text visually but keeps it for assistive technology. Inline, not a class, because the
 * components must stay correct with the stylesheet left out: a screen-reader-only label must not
 * turn into visible clutter there.
 */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};
