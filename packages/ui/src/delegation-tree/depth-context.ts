import { createContext } from 'react';

/** How deep the current delegation tree sits (0: a top-level call). */
export const DelegationDepthContext = createContext(0);
DelegationDepthContext.displayName = 'DelegationDepthContext';
