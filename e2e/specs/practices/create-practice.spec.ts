import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, test } from '../../support/fixtures.ts';
import { mainNavigation, myPracticePage, practiceForm } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a new user creates a practice, becomes its superadmin, and the admin routes open for them', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  const name = `Praxis am Dom ${randomUUID().slice(0, 6)}`;
  await page.goto(`${portal.url}/my-practice/new-practice`);
  await signIn(page, user.email, user.password);
  await expect(heading(page)).toHaveText('Neue Praxis');
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Praxisdaten' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Praxis anlegen', exact: true }).click();
  await expect(heading(page)).toHaveText('Praxis hinzufügen');
  const form = practiceForm(page);
  await form.name.fill(name);
  await form.street.fill('Domkloster 4');
  await form.postalCode.fill('5066');
  await form.city.fill('Köln');
  await expect(
    page.getByText('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein.'),
  ).toBeVisible();
  await expect(form.postalCode).toHaveAttribute('aria-invalid', 'true');
  await form.postalCode.fill('50667');
  await form.website.fill('www.praxis-am-dom.example.com');
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/Company/CreateCompany',
  );
  await form.create.click();
  expect((await created).status()).toBe(201);

  await expect(heading(page)).toHaveText('Meine Praxis');
  const myPractice = myPracticePage(page);
  await expect(myPractice.active).toContainText(name);
  await expect(myPractice.active).toContainText('Hauptadministrator/-in');
  await expect(myPractice.active).toContainText(/P-\d{6}/);
  await expect(myPractice.active).toContainText('Domkloster 4, 50667 Köln');
  await expect(navigation.getByRole('link', { name: 'Praxisdaten' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Mitarbeitende' })).toBeVisible();

  await navigation.getByRole('link', { name: 'Praxisdaten' }).click();
  await expect(heading(page)).toHaveText('Praxisdaten');
  await expect(form.name).toHaveValue(name);
  await expect(form.website).toHaveValue('https://www.praxis-am-dom.example.com');
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(heading(page)).toHaveText('Praxisdaten');
  await expect(form.name).toHaveValue(name);
});

test('a practice with a known name and postal code is added only once the user confirms it', async ({
  page,
  portal,
  createUser,
}) => {
  const name = `Praxis am Ring ${randomUUID().slice(0, 6)}`;
  const user = await createUser();
  await page.goto(`${portal.url}/my-practice/new-practice/add`);
  await signIn(page, user.email, user.password);
  const form = practiceForm(page);
  await form.name.fill(name.toUpperCase());
  await form.street.fill('Ring 1');
  await form.postalCode.fill('50672');
  await form.city.fill('Köln');
  await form.create.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Praxis');

  await page.getByRole('link', { name: 'Weitere Praxis anlegen oder verbinden' }).click();
  await expect(heading(page)).toHaveText('Neue Praxis');
  await page.getByRole('link', { name: 'Praxis anlegen', exact: true }).click();
  await form.name.fill(name.toLowerCase());
  await form.street.fill('Ring 2');
  await form.postalCode.fill('50672');
  await form.city.fill('Köln');
  await form.create.click();
  const question = page
    .getByRole('alert')
    .filter({ hasText: 'Diese Praxis gibt es vielleicht schon' });
  await expect(question).toBeVisible();
  await expect(
    question.getByRole('link', { name: 'Mit bestehender Praxis verbinden' }),
  ).toHaveAttribute('href', '/my-practice/new-practice#connect');
  const confirmed = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/v1/Company/CreateCompany',
  );
  await question.getByRole('button', { name: 'Trotzdem anlegen' }).click();
  expect((await confirmed).postDataJSON()).toMatchObject({ confirmDuplicate: true });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Praxis');
  await expect(myPracticePage(page).active).toContainText('Ring 2, 50672 Köln');
});
