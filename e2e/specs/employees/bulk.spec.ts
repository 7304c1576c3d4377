import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { expectAccessibleState } from '../../support/axe.ts';
import { confirmation } from '../../support/employee-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';

// A practice of its own per test (ATest/CreateUser), so the shared demo data stays as it is.

const TEXTS = {
  de: {
    tab: 'Mehrere einladen',
    paste: /^Adressen einfügen/,
    check: 'Prüfen',
    preview: 'Bereit zum Senden: 20 · Mit Problem: 5',
    send: 'Einladungen senden (20)',
    sent: 'Einladungen gesendet: 20 · Nicht gesendet: 5',
    reasons: [
      'Keine gültige E-Mail-Adresse',
      'Gemeinsames Postfach wie info@ – bitte eine persönliche Adresse',
      'Gehört bereits zur Praxis',
      'Steht mehrfach in der Liste',
      'Einen genannten Standort gibt es in der Praxis nicht',
    ],
    select: (name: string) => `${name} auswählen`,
    selected: 'Ausgewählt: 3',
    disable: 'Deaktivieren',
    dialog: /^Zugang deaktivieren$/,
    question: '(3)',
    done: 'Zugang deaktiviert: 3',
  },
  en: {
    tab: 'Invite several',
    paste: /^Paste addresses/,
    check: 'Check',
    preview: 'Ready to send: 20 · With a problem: 5',
    send: 'Send invitations (20)',
    sent: 'Invitations sent: 20 · Not sent: 5',
    reasons: [
      'Not a valid e-mail address',
      'A shared mailbox such as info@ – please a personal address',
      'Already one of the practice’s employees',
      'Appears more than once in the list',
      'A location named is not one of the practice',
    ],
    select: (name: string) => `Select ${name}`,
    selected: 'Selected: 3',
    disable: 'Disable',
    dialog: /^Disable access$/,
    question: '(3)',
    done: 'Access disabled: 3',
  },
} as const;

const Mailbox = z.object({ mails: z.array(z.object({ to: z.string(), template: z.string() })) });

async function invitationMails(request: APIRequestContext, portalUrl: string, to: string) {
  const response = await request.get(`${portalUrl}/dev/mailbox.json`, { params: { to } });
  const { mails } = Mailbox.parse(await response.json());
  return mails.filter((mail) => mail.template === 'invitation').length;
}

for (const language of ['de', 'en'] as const) {
  test(`an owner invites 25 pasted people, 5 refused with their reasons and 20 sent, then disables 3 at once (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    const owner = await createUser({ practices: [{ name: `Sammelpraxis ${language}` }] });
    const companyId = owner.practiceIds[0]!;
    const members = [
      await createUser({ practices: [{ companyId }] }),
      await createUser({ practices: [{ companyId }] }),
      await createUser({ practices: [{ companyId }] }),
    ];
    const tag = randomUUID().slice(0, 8);
    const good = Array.from({ length: 20 }, (_, i) => `e2e-sammel-${tag}-${i}@example.com`);
    const lines = [
      ...good.map((email, i) => (i % 2 === 0 ? `Lena Neu <${email}>` : email)),
      'kein-at-zeichen.example.com',
      `info@sammel-${tag}.example.com`,
      members[0]!.email,
      good[0]!,
      `Paul;Ort;e2e-ort-${tag}@example.com;Mitglied;Nirgendwo`,
    ];

    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    await signIn(page, owner.email, owner.password);

    // The second tab, by keyboard: the arrow key moves along the tabs.
    const first = page.getByRole('tab').first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const tab = page.getByRole('tab', { name: texts.tab });
    await expect(tab).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('textbox', { name: texts.paste }).fill(lines.join('\n'));
    await page.getByRole('button', { name: texts.check }).click();
    const preview = page.getByRole('region', { name: /^(Vorschau|Preview)$/ });
    await expect(preview.getByRole('status')).toHaveText(texts.preview);
    const refused = preview.locator('tbody tr:not([data-outcome="ok"])');
    await expect(refused).toHaveCount(5);
    for (const [index, reason] of texts.reasons.entries()) {
      await expect(refused.nth(index)).toContainText(reason);
    }
    // The bulk invitation's preview with its refusals: its one accessibility check.
    await expectAccessibleState(page);
    expect(await invitationMails(page.request, portal.url, good[0]!)).toBe(0);

    await page.getByRole('button', { name: texts.send }).click();
    const result = page.getByRole('region', { name: /^(Ergebnis|Result)$/ });
    await expect(result.getByRole('status')).toHaveText(texts.sent);
    for (const email of good) {
      expect(await invitationMails(page.request, portal.url, email), email).toBe(1);
    }

    // Three people at once: chosen in the list, one confirmation naming how many.
    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await loaded;
    for (const member of members) {
      await page.getByRole('checkbox', { name: texts.select(member.name) }).check();
    }
    const bar = page.getByRole('region', {
      name: /^(Aktionen für die ausgewählten|Actions for the selected)/,
    });
    await expect(bar).toContainText(texts.selected);
    await bar.getByRole('button', { name: texts.disable, exact: true }).click();
    const dialog = confirmation(page, texts.dialog);
    await expect(dialog.dialog).toContainText(texts.question);
    await expect(dialog.cancel).toBeFocused();
    // The list with three chosen and the confirmation naming how many: its one check.
    await expectAccessibleState(page);
    await dialog.confirm.click();
    await expect(page.getByRole('status').filter({ hasText: texts.done })).toBeVisible();
  });
}
