// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from '../../../public/assets/i18n/de.json';
import en from '../../../public/assets/i18n/en.json';
import {
  AXE_RULE_TAGS,
  CHECKED_SCREENS,
  CHECKED_WIDTHS,
  KEYBOARD_TASKS,
  KNOWN_NOT_CONFORMING,
  WIDTHS_SPEC,
} from './measured.ts';

const SPECS = path.resolve(import.meta.dirname, '../../../../../e2e/specs');
const spec = (file: string) => {
  const at = path.join(SPECS, file);
  return existsSync(at) ? readFileSync(at, 'utf8') : '';
};
const support = (file: string) => readFileSync(path.resolve(SPECS, '../support', file), 'utf8');

type Texts = { ACCESSIBILITY_STATEMENT: Record<string, unknown> };
const statement = (texts: Texts, group: string) =>
  (texts.ACCESSIBILITY_STATEMENT[group] ?? {}) as Record<string, string>;

// The BFSG statement is a public claim: each thing it says is checked must be checked by a spec
// that CI runs, so a failing check stops the change rather than standing beside the claim.
describe('the accessibility statement claims what the suite measures', () => {
  it.each(CHECKED_SCREENS.map((screen) => [screen.key, screen.specs] as const))(
    'the screens "%s" are analysed by axe in their specs',
    (_, specs) => {
      for (const file of specs) {
        expect(spec(file), `e2e/specs/${file}`).toMatch(
          /expect(AccessibleState|NoAxeViolations)\(/,
        );
      }
    },
  );

  it.each(KEYBOARD_TASKS.map((task) => [task.key, task.specs] as const))(
    'the task "%s" is run with the keyboard in its spec',
    (_, specs) => {
      for (const file of specs)
        expect(spec(file), `e2e/specs/${file}`).toMatch(/keyboard\.press\(/);
    },
  );

  it('axe runs with the rules the statement names, and the widths are measured', () => {
    expect(support('axe.ts')).toMatch(/AXE_RULE_TAGS/);
    expect(support('long-data.ts')).toMatch(/WIDTHS = CHECKED_WIDTHS/);
    expect(spec(WIDTHS_SPEC)).toMatch(/overflowAtWidths\(/);
    expect(CHECKED_WIDTHS).toContain(360);
    expect(AXE_RULE_TAGS).toEqual(expect.arrayContaining(['wcag2aa', 'wcag21aa', 'wcag22aa']));
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('names every screen, task and known shortcoming in %s', (_, texts) => {
    const screens = statement(texts, 'SCREENS');
    const tasks = statement(texts, 'KEYBOARD');
    const known = statement(texts, 'KNOWN');
    for (const { key } of CHECKED_SCREENS) expect(screens[key], key).toBeTruthy();
    for (const { key } of KEYBOARD_TASKS) expect(tasks[key], key).toBeTruthy();
    for (const key of KNOWN_NOT_CONFORMING) expect(known[key], key).toBeTruthy();
  });
});
