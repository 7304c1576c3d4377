import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { LANGUAGE_KEY } from '../../lib/i18n/i18n.ts';
import { anna, BEN_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { employeeInformationLink } from './employee-links.ts';

// One wording per concept (docs/ui-terms.md), seen where the probe found two. Moved from
// e2e/specs/employees/wording.spec.ts (issue 42, point 6): Anna, the superadmin, only opens
// dialogs and cancels them and checks a form.
const TEXTS = {
  de: {
    person: 'Ben Krause',
    handOver: 'Hauptadministration übergeben: Ben Krause',
    keeps: 'Ihre Administrationsrechte behalten Sie.',
    disable: 'Deaktivieren',
    cancel: 'Abbrechen',
    invite: 'Person einladen',
    email: /^E-Mail-Adresse/,
    alias: 'Bitte geben Sie die persönliche E-Mail-Adresse der Person ein',
    yourAlias: 'Ihre persönliche',
    title: /^Titel/,
    none: 'Keine Auswahl',
    profile: 'Persönliche Daten',
  },
  en: {
    person: 'Ben Krause',
    handOver: 'Hand over main administration: Ben Krause',
    keeps: 'You keep your administrator rights.',
    disable: 'Disable',
    cancel: 'Cancel',
    invite: 'Invite someone',
    email: /^E-mail address/,
    alias: 'Please enter the person’s own e-mail address',
    yourAlias: 'your personal',
    title: /^Title/,
    none: 'No selection',
    profile: 'Personal data',
  },
} as const;

describe.each(['de', 'en'] as const)('one wording each (%s)', (language) => {
  const texts = TEXTS[language];

  it('handing over does not tell the superadmin she stays "Administrator/-in"; disabling is confirmed with its verb', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, language);
    fakePortal(anna);
    await renderApp(employeeInformationLink(BEN_ID));
    const person = within(await screen.findByRole('region', { name: texts.person }));

    fireEvent.click(person.getByRole('button', { name: texts.handOver }));
    const handOver = await screen.findByRole('dialog');
    expect(handOver.textContent).toContain(texts.keeps);
    expect(handOver.textContent).not.toContain('/-in');
    fireEvent.click(within(handOver).getByRole('button', { name: texts.cancel }));

    fireEvent.click(person.getByRole('button', { name: `${texts.disable}: Ben Krause` }));
    const disable = await screen.findByRole('dialog', { name: /\?$/ });
    expect(
      within(disable)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toContain(texts.disable);
  }, 15_000);

  it('refuses the invitee’s shared mailbox in words about the invitee; an empty choice says "none"', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, language);
    fakePortal(anna);
    await renderApp(ROUTES.employeeAdd);
    const form = within(await screen.findByRole('form', { name: texts.invite }));
    const email = form.getByRole('textbox', { name: texts.email });
    fireEvent.change(email, { target: { value: 'praxis@zahnarzt-beispiel.de' } });
    fireEvent.blur(email);
    expect(await form.findByText(new RegExp(`^${texts.alias}`))).toBeTruthy();
    expect(screen.getByRole('form', { name: texts.invite }).textContent).not.toContain(
      texts.yourAlias,
    );
    const title = form.getByRole('combobox', { name: texts.title });
    expect(title.querySelector('option')?.textContent).toBe(texts.none);
  }, 15_000);

  it('the profile’s empty choice says the same', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, language);
    fakePortal(anna);
    await renderApp(ROUTES.info);
    const title = await screen.findByRole('combobox', { name: texts.title });
    expect(title.querySelector('option')?.textContent).toBe(texts.none);
  }, 15_000);
});
