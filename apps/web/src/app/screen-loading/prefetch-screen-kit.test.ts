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
    window.localStorage.clear();
    vi.useRealTimers();
  });

  /** A visit of a page whose build lists `kit`; the files it fetched arrive, or fail if named. */
  function visit(kit: string, failing: string[] = []) {
    document.head.innerHTML = `<meta name="pp-screen-kit" content="${kit}">`;
    prefetchScreenKit();
    vi.advanceTimersByTime(2_000);
    const fetched: string[] = [];
    for (let link = nextLink(fetched); link; link = nextLink(fetched)) {
      const href = link.getAttribute('href')!;
      fetched.push(href);
      link.dispatchEvent(new Event(failing.includes(href) ? 'error' : 'load'));
    }
    return fetched;
  }
  const nextLink = (seen: string[]) =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].find(
      (link) => !seen.includes(link.getAttribute('href')!),
    );

  it('fetches nothing on a later visit of the same build once every file has arrived', () => {
    vi.useFakeTimers();
    const kit = '/assets/forms-a1.js /assets/Modal-b2.css /assets/Input-c3.js';
    expect(visit(kit)).toHaveLength(3);
    expect(visit(kit)).toEqual([]);
    // A new build names other files: they are fetched.
    expect(visit('/assets/forms-d4.js /assets/Modal-b2.css')).toHaveLength(2);
  });

  it('fetches again on the next visit when a file failed', () => {
    vi.useFakeTimers();
    const kit = '/assets/forms-a1.js /assets/Input-c3.js';
    expect(visit(kit, ['/assets/Input-c3.js'])).toHaveLength(2);
    expect(visit(kit)).toHaveLength(2);
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
