import { describe, expect, it } from 'vitest';
import { dropSummaries } from './drop-call-summaries.ts';

const callFiles = import.meta.glob('../../../packages/contract/src/calls/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('dropSummaries', () => {
  const files = Object.entries(callFiles).map(([file, text]) => ({ file, text: String(text) }));

  it('removes every call summary of the contract, however it is written', () => {
    expect(files.length).toBeGreaterThan(5);
    const left = files.filter(({ text }) => /\bsummary\b/.test(dropSummaries(text)));
    expect(left.map(({ file }) => file)).toEqual([]);
  });

  it('keeps everything else of a declaration', () => {
    for (const { text } of files) {
      const dropped = dropSummaries(text);
      const count = (pattern: RegExp, source: string) => source.match(pattern)?.length ?? 0;
      expect(count(/\bpath:/g, dropped)).toBe(count(/\bpath:/g, text));
      expect(count(/\bresponse:/g, dropped)).toBe(count(/\bresponse:/g, text));
      expect(text.length - dropped.length).toBeLessThan(text.length / 2);
    }
  });

  it('leaves a quote inside a summary and the next property alone', () => {
    const source = `defineCall({\n  summary:\n    "The practice's data (admins)",\n  access: admin,\n});`;
    expect(dropSummaries(source)).toBe(`defineCall({\n  \n  access: admin,\n});`);
  });
});
