import { readFile } from 'node:fs/promises';
import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { employeeList } from '../../support/employee-pages.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { expect, test } from '../../support/fixtures.ts';
import { myPracticePage } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { nextTokenResponse, tokensOf } from '../../support/tokens.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'own' });

// Anna makes Clara an admin, then finds that in the activity log (issue 27): the demo roles
// change, so a portal of this test's own (portalScope 'own').
const [anna, , clara] = DEMO_USERS;

const TEXTS = {
  de: {
    refused: 'Sie haben keinen Zugriff auf diese Seite. Wir haben Sie zur Übersicht geleitet.',
    makeAdmin: 'Zur Administration ernennen',
    roleDone: 'Die Rolle wurde geändert.',
    link: 'Aktivitätsprotokoll ansehen',
    title: 'Aktivitätsprotokoll',
    table: 'Einträge des Aktivitätsprotokolls',
    person: 'Person',
    kind: 'Art',
    roles: 'Rollen',
    roleChanged: 'Rolle geändert',
    change: 'Rolle: Mitglied → Administrator/-in',
    export: 'Als CSV exportieren',
    header: 'Zeit;Wer;Art;Was;Betroffen;Änderungen',
    from: 'Von (TT.MM.JJJJ)',
    apply: 'Zeitraum anwenden',
    dateInvalid: 'Bitte geben Sie ein Datum im Format TT.MM.JJJJ ein.',
    listExport: 'Exportieren (CSV)',
    exported: 'Mitarbeitendenliste exportiert',
    rows: /Zeilen: \d+/,
  },
  en: {
    refused: 'You do not have access to that page. We have taken you to the dashboard.',
    makeAdmin: 'Make administrator',
    roleDone: 'The role has been changed.',
    link: 'View activity log',
    title: 'Activity log',
    table: 'Entries of the activity log',
    person: 'Person',
    kind: 'Kind',
    roles: 'Roles',
    roleChanged: 'Role changed',
    change: 'Role: Member → Administrator',
    export: 'Export as CSV',
    header: 'Time;Who;Kind;What;Concerning;Changes',
    from: 'From (DD.MM.YYYY)',
    apply: 'Apply time range',
    dateInvalid: 'Please enter a date as DD.MM.YYYY.',
    listExport: 'Export (CSV)',
    exported: 'Employee list exported',
    rows: /Rows: \d+/,
  },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`a member is refused the activity log; an admin filters it to one person and sees the role change (${language})`, async ({
    browser,
    portal,
    viewport,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];

    // Clara, a member: the screen leads to the dashboard, the call answers 403.
    const memberContext = await browser.newContext({ viewport });
    await recordToasts(memberContext);
    const member = await memberContext.newPage();
    await usePortalLanguage(member, portal.url, language);
    const memberTokens = nextTokenResponse(member, portal.issuer);
    await member.goto(`${portal.url}/my-practice/activity`);
    await signIn(member, clara.email);
    const token = (await tokensOf(await memberTokens)).access_token;
    await expect(member).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(member.getByRole('alert').filter({ hasText: texts.refused })).toBeVisible();
    const company = member.waitForRequest((request) =>
      request.url().includes('/Company/GetCompany?'),
    );
    await member.goto(`${portal.url}/my-practice`);
    const companyId = new URL((await company).url()).searchParams.get('companyId') ?? '';
    await expect(myPracticePage(member).active).toBeVisible();
    await expect(member.getByRole('link', { name: texts.link })).toHaveCount(0);
    const refused = await member.request.get(
      `${portal.url}/api/v1/Company/GetActivityLog?companyId=${companyId}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'forbidden' });
    await memberContext.close();

    // Anna, the superadmin, makes Clara an admin.
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    await recordToasts(context);
    const page = await context.newPage();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, anna.email);
    const list = employeeList(page);
    await list.actions('Clara Wolf').click();
    await page.getByRole('menuitem', { name: texts.makeAdmin }).click();
    await expectToast(page, texts.roleDone);

    // From My practice to the log, filtered to Clara.
    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/my-practice`);
    await loaded;
    await page.getByRole('link', { name: texts.link }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    const table = page.getByRole('table', { name: texts.table });
    await expect(table).toBeVisible();
    await page.getByRole('combobox', { name: texts.person }).selectOption({ label: 'Clara Wolf' });
    await expect(page).toHaveURL((url) => url.searchParams.get('customerId') !== null);
    const roleChange = table.getByRole('row').filter({ hasText: texts.roleChanged });
    await expect(roleChange).toHaveCount(1);
    await expect(roleChange).toContainText('Anna Sommer');
    await expect(roleChange).toContainText('Clara Wolf');
    await expect(roleChange).toContainText(texts.change);
    await expect(roleChange).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    // Every row concerns Clara: she acted, or it was done to her.
    for (const row of await table.getByRole('row').all()) {
      if ((await row.getByRole('cell').count()) > 0) await expect(row).toContainText('Clara Wolf');
    }

    // The kind filter lives in the URL too: a reload shows the same view.
    await page.getByRole('combobox', { name: texts.kind }).selectOption({ label: texts.roles });
    await expect(page).toHaveURL((url) => url.searchParams.get('kind') === 'roles');
    const reloaded = customerDataLoaded(page);
    await page.reload();
    await reloaded;
    await expect(page.getByRole('combobox', { name: texts.person })).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(table.getByRole('row').filter({ hasText: texts.roleChanged })).toHaveCount(1);

    // A date that is none is named at its field, by keyboard.
    await page.getByRole('textbox', { name: texts.from }).fill('31.02.2026');
    await page.getByRole('textbox', { name: texts.from }).press('Enter');
    await expect(page.getByText(texts.dateInvalid)).toBeVisible();
    // The log with a refused date: its one accessibility check (the loaded log's: below).
    await expectAccessibleState(page);
    await page.getByRole('textbox', { name: texts.from }).fill('');
    await page.getByRole('button', { name: texts.apply }).click();
    await expect(page.getByText(texts.dateInvalid)).toHaveCount(0);

    // The filtered view as CSV: the byte order mark, then the header row with semicolons.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.export }).click();
    const file = await readFile(await (await download).path());
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(texts.header);
    expect(lines.slice(1)).toContainEqual(expect.stringContaining(`;${texts.roleChanged};`));
    await context.close();
  });
}

// Issue 43 point 7: at 360 px the "Betroffen" and "Änderungen" columns were off the screen; an
// export read "Zeilen: leer → 3". On a phone each entry is a compact block, on a desktop a row.
// Both widths in one sign-in; German opens the log at 360 px, English at 1280 px, so that each
// width is seen both as the first layout and after a resize. The loaded log's one
// accessibility check, at each width.
for (const [language, widths] of [
  ['de', [360, 1280]],
  ['en', [1280, 360]],
] as const) {
  test(`the activity log fits ${widths.join(' and ')} px and names an export's rows as a detail (${language})`, async ({
    page,
    portal,
  }) => {
    const texts = TEXTS[language];
    await page.setViewportSize({ width: widths[0], height: 800 });
    await usePortalLanguage(page, portal.url, language);
    // An export of the staff list is an entry that records its rows and changes nothing.
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, anna.email);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.listExport }).click();
    await download;
    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/my-practice/activity`);
    await loaded;
    const table = page.getByRole('table', { name: texts.table });
    const exported = table.getByRole('row').filter({ hasText: texts.exported }).first();
    const frame = page.locator('.activity-table-frame');
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await expect(table).toBeVisible();
      await expect(exported).toContainText(texts.rows);
      await expect(exported).not.toContainText('→');
      // Every cell of the entry lies within the screen: nothing to scroll sideways to.
      await expect
        .poll(
          () =>
            exported
              .getByRole('cell')
              .evaluateAll((cells) =>
                Math.max(0, ...cells.map((cell) => cell.getBoundingClientRect().right)),
              ),
          { message: `the entry's cells at ${width} px` },
        )
        .toBeLessThanOrEqual(width);
      await expect
        .poll(() => frame.evaluate((el) => el.scrollWidth - el.clientWidth), {
          message: `the log's frame at ${width} px`,
        })
        .toBeLessThanOrEqual(0);
      await expectAccessibleState(page);
    }
  });
}
