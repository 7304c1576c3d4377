import { randomUUID } from 'node:crypto';
import { employeeList, invitationButtons, inviteForm } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast, recordToasts } from '../../support/toasts.ts';

// Issue 22, points 6 and 10, on a practice of the test's own (the demo practices stay as they
// are): the list in the German order of DIN 5007, a search folding umlauts, ß and accents
// (decision 0056), and a person who accepted without a name of their own shown by the typed one.

const PEOPLE = [
  ['Zoë', 'Zimmermann'],
  ['Ägidius', 'Äbert'],
  ['Uwe', 'Groß'],
  ['Karl', 'Müller'],
  ['Hans', 'Mueller'],
  ['Ida', 'Müßig'],
  ['Ayşe', 'Yılmaz'],
] as const;

/** Olga Zeller, the owner, among them: Ä with A, ß as ss, ü with u, ı with i. */
const IN_ORDER = [
  'Ägidius Äbert',
  'Uwe Groß',
  'Hans Mueller',
  'Karl Müller',
  'Ida Müßig',
  'Ayşe Yılmaz',
  'Olga Zeller',
  'Zoë Zimmermann',
];

const TEXTS = {
  de: { enabled: 'Aktiv', sent: 'Die Einladung wurde gesendet.' },
  en: { enabled: 'Active', sent: 'The invitation has been sent.' },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`the employee list sorts and searches names as a German reader expects, and keeps a typed name after acceptance (${language})`, async ({
    browser,
    portal,
    createUser,
  }) => {
    // Nine accounts are made first, each with a password hash: slow on a busy machine.
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    const practice = `Praxis Ordnung ${randomUUID().slice(0, 6)}`;
    const owner = await createUser({
      firstName: 'Olga',
      lastName: 'Zeller',
      practices: [{ name: practice }],
    });
    const companyId = owner.practiceIds[0]!;
    for (const [firstName, lastName] of PEOPLE) {
      await createUser({ firstName, lastName, practices: [{ companyId }] });
    }

    // @axe-core/playwright needs a page of its own context.
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, owner.email, owner.password);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const list = employeeList(page);
    const shown = list.list.getByRole('rowheader').getByRole('link');
    await expect(shown).toHaveText(IN_ORDER);

    // Searched from the keyboard: the term folded as the names are.
    for (const [term, found] of [
      ['GROSS', ['Uwe Groß']],
      ['muessig', ['Ida Müßig']],
      ['yilmaz', ['Ayşe Yılmaz']],
      ['müller', ['Hans Mueller', 'Karl Müller']],
    ] as const) {
      await list.search.fill(term);
      await list.search.press('Enter');
      await expect(shown).toHaveText(found);
    }

    // Point 10: an account without a name is invited by a typed one and accepts; the practice
    // keeps seeing the typed name, not only the address.
    const nameless = await createUser({ firstName: undefined, lastName: undefined });
    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    const form = inviteForm(page);
    await form.email.fill(nameless.email);
    await form.firstName.fill('Nina');
    await form.lastName.fill('Neuß');
    await form.submit.click();
    await expectToast(page, texts.sent);

    const other = await browser.newContext();
    await recordToasts(other);
    const invitee = await other.newPage();
    await invitee.goto(`${portal.url}/my-practice`);
    await signIn(invitee, nameless.email, nameless.password);
    await invitationButtons(invitee, practice).accept.click();
    await expect(invitationButtons(invitee, practice).accept).toHaveCount(0);
    await other.close();

    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await loaded;
    await expect(list.entry('Nina Neuß')).toContainText(texts.enabled);
    await expect(shown).toHaveText([...IN_ORDER.slice(0, 5), 'Nina Neuß', ...IN_ORDER.slice(5)]);
    await context.close();
  });
}
