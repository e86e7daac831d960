/**
 * The classic-script build of the devtools, for pages without a bundler and for the widget's
 * `devtools` attribute (which loads it from beside `widget.iife.js`): `attachDevtools` as the global
 * `ToolstreamDevtools`. The widget's build makes it, with Preact for React, as the widget itself.
 */
import { attachDevtools, DEVTOOLS_TAG } from './attach.js';

export { attachDevtools, DEVTOOLS_TAG };
