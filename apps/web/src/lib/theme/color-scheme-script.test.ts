import { afterEach, describe, expect, it, vi } from 'vitest';
import script from '../../../public/color-scheme.js?raw';
import indexHtml from '../../../index.html?raw';
import { COLOR_SCHEME_KEY } from './color-scheme.ts';

const root = document.documentElement;
const run = () => new Function(script)();
const prefersDark = (dark: boolean) =>
  vi.spyOn(window, 'matchMedia').mockReturnValue({ matches: dark } as MediaQueryList);

afterEach(() => {
  window.localStorage.clear();
  root.removeAttribute('data-mantine-color-scheme');
  vi.restoreAllMocks();
});

describe('color-scheme.js', () => {
  it('is loaded by index.html before the app, as a file', () => {
    const head = indexHtml.split('</head>')[0] ?? '';
    expect(head).toContain('<script src="/color-scheme.js"></script>');
  });

  it('follows the system the first time', () => {
    prefersDark(true);
    run();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');

    prefersDark(false);
    run();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
  });

  it('uses the remembered choice over the system', () => {
    prefersDark(true);
    window.localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    run();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
  });
});
