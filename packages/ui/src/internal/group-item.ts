import { createContext } from 'react';

/**
 * Whether a call sits inside a "Used N tools" group. A group is one tab stop: its rows leave
 * the tab order (`tabIndex={-1}`) and are reached with the arrow keys (see `CallList`).
 */
export const GroupItemContext = createContext(false);
GroupItemContext.displayName = 'GroupItemContext';
