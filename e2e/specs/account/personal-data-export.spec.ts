import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { PersonalDataExportSchema } from '@pp/contract';
import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import { isPreferencesSave, newsletterForm } from '../../support/newsletter-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    section: 'Meine Daten',
    download: 'Meine Daten herunterladen',
    fileName: /^praxisportal-meine-daten-.*\.json$/,
    summary: /^Ihre Daten, Stand /,
    practices: 'Praxen und Rollen',
    role: 'Hauptadministrator/-in',
    distributor: 'Produktneuheiten',
  },
  en: {
    section: 'My data',
    download: 'Download my data',
    fileName: /^practice-portal-my-data-.*\.json$/,
    summary: /^Your data as of /,
    practices: 'Practices and roles',
    role: 'Main administrator',
    distributor: 'Product news',
  },
} as const;

/**
 * Subscribes on the newsletter page and confirms with the mail's link (double opt-in, decision
 * 0077): one consent on record.
 */
async function subscribe(
  page: Page,
  request: APIRequestContext,
  portalUrl: string,
  user: { email: string },
  distributor: string,
) {
  await page.goto(`${portalUrl}/newsletter`);
  const form = newsletterForm(page);
  await form.subscribe.check();
  await form.choice(distributor).check();
  const saved = page.waitForResponse(
    (answer) => isPreferencesSave(answer.url(), answer.request().method()) && answer.ok(),
  );
  await form.save.click();
  await saved;
  const link = await linkFromMailbox(
    request,
    portalUrl,
    user.email,
    'newsletter-confirmation',
    '/newsletter/confirm',
  );
  const confirmation = await page.context().newPage();
  await confirmation.goto(link);
  await confirmation
    .getByRole('button', { name: /^(Abonnement bestätigen|Confirm subscription)$/ })
    .click();
  await expect(
    confirmation.getByRole('heading', { name: /^(Abonnement bestätigt|Subscription confirmed)$/ }),
  ).toBeVisible();
  await confirmation.close();
}

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`"${TEXTS[language].section}" on /info downloads the person's data (by keyboard) and nothing of a colleague's; axe finds nothing (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
    request,
  }) => {
    const texts = TEXTS[language];
    const context = await browser.newContext({ colorScheme: scheme, acceptDownloads: true });
    await recordToasts(context);
    const page = await context.newPage();
    const practiceName = `Praxis Export ${language} ${Date.now()}`;
    const owner = await createUser({ practices: [{ name: practiceName }] });
    const colleague = await createUser({
      firstName: 'Kollegin',
      practices: [{ companyId: owner.practiceIds[0]! }],
    });
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/info`);
    await signIn(page, owner.email, owner.password);
    await subscribe(page, request, portal.url, owner, texts.distributor);
    await page.goto(`${portal.url}/info`);

    const section = page.getByRole('region', { name: texts.section, exact: true });
    await expect(section).toBeVisible();
    // The keyboard reaches the button and Enter downloads.
    await section.getByRole('button', { name: texts.download }).focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(texts.fileName);
    const text = await readFile(await file.path(), 'utf8');
    const data = PersonalDataExportSchema.parse(JSON.parse(text));

    expect(data.profile.email).toBe(owner.email);
    expect(data.memberships.map((m) => m.name)).toEqual([practiceName]);
    expect(data.newsletter.consentRecords.length).toBeGreaterThan(0);
    expect(data.newsletter.consentRecords.at(-1)).toMatchObject({ subscribed: true });
    expect(data.newsletter.consentRecords.at(-1)?.confirmedAt).not.toBeNull();
    for (const other of [colleague.email, colleague.customerId, colleague.name.split(' ')[1]!]) {
      expect(text).not.toContain(other);
    }

    // The same data as a summary in the person's language, below the button.
    const summary = section.getByRole('region', { name: texts.summary });
    await expect(summary).toBeVisible();
    const practices = summary.getByRole('region', { name: texts.practices });
    await expect(practices).toContainText(practiceName);
    await expect(practices).toContainText(texts.role);
    await expect(
      section.getByRole('link', { name: new RegExp(file.suggestedFilename()) }),
    ).toBeVisible();
    // /info with the summary: its one accessibility check (/info loaded: profile-accessibility).
    await expectAccessibleState(page);
    await context.close();
  });
}
