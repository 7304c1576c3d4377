import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import { isPreferencesSave, newsletterForm } from '../../support/newsletter-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

// Double opt-in and one-click withdrawal (issue 26, decision 0077). The accessibility of the
// pending notice and of the link pages, in both languages: newsletter-accessibility.spec.ts.

test('subscribing sends the confirmation mail, its link confirms, and the RFC 8058 one-click POST withdraws without a session', async ({
  page,
  browser,
  portal,
  createUser,
  request,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/newsletter`);
  await signIn(page, user.email, user.password);
  const form = newsletterForm(page);
  await form.subscribe.check();
  await form.choice('Produktneuheiten').check();
  const saved = page.waitForResponse(
    (answer) => isPreferencesSave(answer.url(), answer.request().method()) && answer.ok(),
  );
  await form.save.click();
  await saved;
  await expect(page.getByText('Bestätigung ausstehend')).toBeVisible();
  await expect(form.consent).toContainText('Sie haben bisher keine Einwilligung erteilt.');

  const confirmLink = await linkFromMailbox(
    request,
    portal.url,
    user.email,
    'newsletter-confirmation',
    '/newsletter/confirm',
  );
  // The link opens in a browser without the portal's session: no sign-in needed.
  const mailReader = await browser.newContext();
  await recordToasts(mailReader);
  const linkPage = await mailReader.newPage();
  await linkPage.goto(confirmLink);
  await expect(
    linkPage.getByRole('heading', { name: 'Newsletter-Abonnement bestätigen' }),
  ).toBeVisible();
  // The portal's look: the provider pages' stylesheet, served by the portal itself.
  const stylesheet = await linkPage.locator('link[rel="stylesheet"]').getAttribute('href');
  const css = await request.get(new URL(stylesheet ?? '', portal.url).href);
  expect(css.headers()['content-type']).toContain('text/css');
  await linkPage.getByRole('button', { name: 'Abonnement bestätigen' }).click();
  await expect(linkPage.getByRole('heading', { name: 'Abonnement bestätigt' })).toBeVisible();
  await mailReader.close();

  await page.reload();
  await expect(form.subscribe).toBeChecked();
  await expect(page.getByText('Bestätigung ausstehend')).toHaveCount(0);
  await expect(form.consent).toContainText('Ihre Einwilligung wurde zuletzt am');

  const unsubscribeLink = await linkFromMailbox(
    request,
    portal.url,
    user.email,
    'newsletter-confirmation',
    '/newsletter/unsubscribe',
  );
  // What a mail client sends for RFC 8058: a POST with only `List-Unsubscribe=One-Click`.
  const oneClick = await request.post(unsubscribeLink, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(oneClick.status()).toBe(200);
  await page.reload();
  await expect(form.form).toBeVisible();
  await expect(form.subscribe).not.toBeChecked();
  await expect(form.consent).toContainText('Sie haben den Newsletter am');
});
