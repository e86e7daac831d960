/**
 * How every browser test here starts Chromium: Debian's build (test tools' own browser
 * downloads cannot work on our machines) with networking features that would call out
 * switched off. Playwright gives each launch a fresh temporary profile (user data dir).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
