/// <reference path="../inline-css.d.ts" />
// (Named here so that a program built from the entry alone, as the types build is, knows `?inline`.)
import uiCss from '@toolstream/ui/styles.css?inline';
import { themeableCss, tokenBridgeCss } from './themeable-css.js';
import { ROOT_CLASS, widgetCss } from './widget-css.js';

let cached: string | null = null;

/** The whole stylesheet of a widget: the kit's (made themeable from the page), the token bridge, the widget's own. */
export function widgetStylesheet(): string {
  if (cached === null) {
    const { css, tokens } = themeableCss(uiCss);
    cached = `${css}\n${tokenBridgeCss(tokens, `.${ROOT_CLASS}`)}\n${widgetCss}`;
  }
  return cached;
}
