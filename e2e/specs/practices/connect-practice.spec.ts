import { expect, test } from '../../support/fresh-portal.ts';
import { connectForm, myPracticePage } from '../../support/practice-pages.ts';
import { signIn } from '../../support/sign-in.ts';

// Asking to join changes "Praxis am Markt" (and mails its admins): a portal of its own.

test('a user asks to join "Praxis am Markt" by customer number and postal code; the membership shows as requested', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/my-practice/new-practice`);
  await signIn(page, user.email, user.password);
  const connect = connectForm(page);

  await connect.customerNumber.fill('900002');
  await connect.customerNumber.press('Tab');
  await expect(
    page.getByText('Bitte geben Sie die Kundennummer im Format P-123456 ein.'),
  ).toBeVisible();

  await connect.customerNumber.fill('p-900002');
  await connect.postalCode.fill('20457');
  const asked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/Company/ConnectExistingCompany',
  );
  await connect.submit.click();
  const answer = await asked;
  expect(answer.status()).toBe(202);
  expect(answer.request().postDataJSON()).toEqual({
    customerNumber: 'P-900002',
    postalCode: '20457',
  });
  await expect(connect.sent).toContainText('bitten wir deren Administration');

  await connect.sent.getByRole('link', { name: 'Zu „Meine Praxis“' }).click();
  const markt = myPracticePage(page).practice('Praxis am Markt');
  await expect(markt).toContainText('Angefragt');
  await expect(markt).toContainText('muss Ihre Anfrage noch freigeben');
  await expect(markt.getByRole('button')).toHaveCount(0);
});

test('a wrong pair is answered exactly like a right one, and joins nothing', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/my-practice/new-practice`);
  await signIn(page, user.email, user.password);
  const connect = connectForm(page);
  await connect.customerNumber.fill('P-900002');
  await connect.postalCode.fill('99999');
  await connect.submit.click();
  await expect(connect.sent).toContainText('bitten wir deren Administration');

  await page.getByRole('link', { name: 'Zu „Meine Praxis“' }).click();
  await expect(myPracticePage(page).practices).toContainText('Sie gehören noch zu keiner Praxis.');
});
