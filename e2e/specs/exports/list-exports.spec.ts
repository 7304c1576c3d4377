import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { LANGUAGES_AND_STARTING_SCHEMES } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: { button: 'Exportieren (CSV)', header: 'Titel;Vorname;Nachname;E-Mail-Adresse;Rolle;Status' },
  en: { button: 'Export (CSV)', header: 'Title;First name;Last name;E-mail address;Role;Status' },
} as const;

/** The downloaded file's bytes, and its lines after the byte-order mark. */
async function fileOf(download: Download) {
  const bytes = await readFile(await download.path());
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  return { bytes, lines };
}

async function exportList(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return download;
}

// Issue 27, decision 0083: the employee list as filtered on screen, as a file for German Excel.
for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`the employee export downloads a CSV for Excel, BOM first and ";" between cells, as filtered on screen; axe finds nothing (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    const texts = TEXTS[language];
    const context = await browser.newContext({ colorScheme: scheme, acceptDownloads: true });
    await recordToasts(context);
    const page = await context.newPage();
    const owner = await createUser({
      practices: [{ name: `Praxis CSV ${language} ${Date.now()}` }],
    });
    const companyId = owner.practiceIds[0]!;
    const colleague = await createUser({ firstName: 'Kollegin', practices: [{ companyId }] });
    const outsider = await createUser({ practices: [{ name: `Praxis Fremd ${Date.now()}` }] });
    await usePortalLanguage(page, portal.url, language);
    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, owner.email, owner.password);
    await loaded;
    await expect(page.getByRole('button', { name: texts.button, exact: true })).toBeVisible();

    const whole = await fileOf(await exportList(page, texts.button));
    expect([...whole.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(whole.lines[0]).toContain(texts.header);
    expect(whole.lines).toHaveLength(3);
    const text = whole.lines.join('\n');
    expect(text).toContain(colleague.email);
    expect(text).not.toContain(outsider.email);

    // Searched on screen: the file holds what the list shows.
    await page.goto(`${portal.url}/my-practice/employees-overview?search=Kollegin`);
    await expect(page.getByRole('table')).toContainText('Kollegin');
    const searched = await fileOf(await exportList(page, texts.button));
    expect(searched.lines).toHaveLength(2);
    expect(searched.lines[1]).toContain(colleague.email);
    await context.close();
  });
}

test('a member exports the locations with the keyboard', async ({
  browser,
  portal,
  createUser,
}) => {
  const context = await browser.newContext({ acceptDownloads: true });
  await recordToasts(context);
  const page = await context.newPage();
  const owner = await createUser({ practices: [{ name: `Praxis Orte ${Date.now()}` }] });
  const member = await createUser({ practices: [{ companyId: owner.practiceIds[0]! }] });
  await page.goto(`${portal.url}/my-practice/location-overview`);
  await signIn(page, member.email, member.password);
  const button = page.getByRole('button', { name: 'Exportieren (CSV)', exact: true });
  await button.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^standorte-\d{4}-\d{2}-\d{2}\.csv$/);
  const { bytes, lines } = await fileOf(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(lines[0]).toBe(
    'Name;Straße;Postleitzahl;Ort;Land;Telefon;Rechnungen an;Status;Zugeordnet',
  );
  await context.close();
});
