import { describe, expect, it } from 'vitest';
import indexHtml from '../index.html?raw';
import silentCallbackHtml from '../silent-callback.html?raw';

// The api's Content-Security-Policy allows scripts and styles from our origin only: a page with
// inline code or a resource from elsewhere would break in the browser, so none may exist.
describe.each([
  ['index.html', indexHtml],
  ['silent-callback.html', silentCallbackHtml],
])('%s', (_name, html) => {
  it('has no inline script or event handler', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^/]/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('has no inline style', () => {
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
  });

  it('loads nothing from another origin', () => {
    const references = [...html.matchAll(/\s(?:src|href)="([^"]*)"/gi)].map((m) => m[1]);
    for (const reference of references) expect(reference).toMatch(/^\/[^/]/);
  });

  it('declares German as its language', () => {
    expect(html).toMatch(/<html lang="de">/);
  });
});
