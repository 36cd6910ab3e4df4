// Debian's Chromium and the flags it needs on these machines (a test tool's own browser download
// fails here; without the background-networking flags Chromium keeps dialling a closed network).
// Shared by the browser tests (playwright.config.ts) and `npm run lighthouse`.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
