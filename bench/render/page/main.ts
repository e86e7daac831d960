import { installDevtoolsHook } from './devtools-hook.js';

// The hook must be in place before react-dom loads, so the page (and React with it) comes after.
installDevtoolsHook();
void import('./bench-page.js');
