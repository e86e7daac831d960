import { installDevtoolsHook } from './devtools-hook.js';

// Both must happen before react-dom loads, so the page (and React with it) is imported after.
installDevtoolsHook();
// React 19.2+'s profiling build logs every component render to the browser's performance
// timeline (`console.timeStamp`) when that function exists; the cost (hundreds of calls per
// commit) would be measured as the app's. Without it React keeps only the Profiler timings.
// The production build never calls it.
Reflect.deleteProperty(console, 'timeStamp');
void import('./bench-page.js');
