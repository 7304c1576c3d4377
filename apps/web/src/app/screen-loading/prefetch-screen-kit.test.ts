import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreenKit } from './prefetch-screen-kit.ts';

const links = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossOrigin: link.crossOrigin,
  }));

describe('prefetchScreenKit', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
  });

  it('fetches each file the build lists once, two at a time, when idle, and only from /assets/', () => {
    vi.useFakeTimers();
    document.head.innerHTML =
      '<meta name="pp-screen-kit" content="/assets/forms-a1.js /assets/Modal-b2.css https://evil.example/x.js /assets/Input-c3.js">';
    prefetchScreenKit();
    expect(links()).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(links().map(({ href }) => href)).toEqual([
      '/assets/forms-a1.js',
      '/assets/Modal-b2.css',
    ]);
    // The next file starts when one of the two has arrived (or failed).
    document.querySelector('link[href="/assets/Modal-b2.css"]')!.dispatchEvent(new Event('error'));
    prefetchScreenKit();
    vi.advanceTimersByTime(2_000);
    expect(links()).toEqual([
      { href: '/assets/forms-a1.js', as: 'script', crossOrigin: 'anonymous' },
      { href: '/assets/Modal-b2.css', as: 'style', crossOrigin: 'anonymous' },
      { href: '/assets/Input-c3.js', as: 'script', crossOrigin: 'anonymous' },
    ]);
  });

  it('fetches nothing when the screen is left before the browser was idle', () => {
    vi.useFakeTimers();
    document.head.innerHTML = '<meta name="pp-screen-kit" content="/assets/forms-a1.js">';
    const cancel = prefetchScreenKit();
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(links()).toEqual([]);
  });
});
