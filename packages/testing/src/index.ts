export { TestBrowser } from './browser.ts';
export { freePort } from './free-port.ts';
export { inputAttributes, normalizeHtml } from './html.ts';
