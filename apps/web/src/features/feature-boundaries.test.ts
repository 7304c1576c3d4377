import { describe, expect, it } from 'vitest';

// STYLE.md: features never import each other; what they share lives in components/ or lib/.
const sources = import.meta.glob(['./**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const RELATIVE_IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;

const featureOf = (path: string) =>
  new URL(path, import.meta.url).pathname.match(/\/features\/([^/]+)\//)?.[1];

describe('features', () => {
  const crossings = Object.entries(sources).flatMap(([file, text]) => {
    const own = featureOf(file);
    return [...String(text).matchAll(RELATIVE_IMPORT)]
      .map((match) => new URL(match[1] ?? '', new URL(file, import.meta.url)).pathname)
      .filter((target) => {
        const other = featureOf(target);
        return other !== undefined && other !== own;
      })
      .map((target) => `${file} → ${target}`);
  });

  it('are found', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it('never import each other', () => {
    expect(crossings).toEqual([]);
  });
});
