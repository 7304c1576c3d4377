import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { calls, ROUTES } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { anna, newcomer } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { problem, server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
const CREATE = calls.companyCreateCompany;

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Praxis anlegen' }));

async function openAddPractice(customer = newcomer) {
  const portal = fakePortal(customer);
  await renderApp(ROUTES.newPracticeAdd);
  await screen.findByRole('form', { name: 'Neue Praxis anlegen' });
  return portal;
}

function fillIn(name = 'Praxis am Dom', postalCode = '50667') {
  type('Name der Praxis', name);
  type('Straße und Hausnummer', 'Domkloster 4');
  type('Postleitzahl', postalCode);
  type('Ort', 'Köln');
}

describe('/my-practice/new-practice/add', () => {
  it('checks the input inline, with five digits for a German postal code, and sends nothing', async () => {
    const portal = await openAddPractice();
    type('Postleitzahl', '5066');
    expect(
      await screen.findByText('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein.'),
    ).toBeTruthy();
    type('Website', 'nicht ganz');
    submit();

    await waitFor(() => expect(field('Name der Praxis').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(3);
    expect(screen.getByText(/gültige Webadresse/)).toBeTruthy();
    expect(document.activeElement).toBe(field('Name der Praxis'));
    expect(portal.practices.creates).toEqual([]);
  });

  it('refuses a web address as the practice’s name and sends nothing (issue 23)', async () => {
    const portal = await openAddPractice();
    fillIn('Praxis https://evil.example/login');
    submit();

    expect(
      await screen.findByText(/Bitte geben Sie hier keine Web- oder E-Mail-Adresse ein\./),
    ).toBeTruthy();
    expect(field('Name der Praxis').getAttribute('aria-invalid')).toBe('true');
    expect(portal.practices.creates).toEqual([]);
  });

  it('creates the practice, makes it the active one and shows it on /my-practice', async () => {
    const portal = await openAddPractice();
    fillIn();
    type('Website', 'www.praxis-am-dom.de');
    submit();

    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
    // Read first: the toast lasts two seconds, and the page loads more behind it.
    expect(
      await screen.findByText('Die Praxis wurde angelegt und ist jetzt Ihre aktive Praxis.'),
    ).toBeTruthy();
    expect(portal.practices.creates).toEqual([
      {
        name: 'Praxis am Dom',
        street: 'Domkloster 4',
        postalCode: '50667',
        city: 'Köln',
        country: 'DE',
        phone: null,
        email: null,
        website: 'https://www.praxis-am-dom.de',
        confirmDuplicate: false,
      },
    ]);
    const active = within(screen.getByRole('region', { name: 'Aktive Praxis' }));
    expect(await active.findByText('Praxis am Dom')).toBeTruthy();
    expect(active.getByText('Hauptadministrator/-in')).toBeTruthy();
    // The admin pages open for the new superadmin.
    expect(screen.getByRole('link', { name: 'Praxisdaten' })).toBeTruthy();
  });

  it('asks before adding a practice whose name and postal code exist, and adds it once confirmed', async () => {
    const portal = await openAddPractice(anna);
    fillIn('zahnarztpraxis dr. sommer', '10117');
    submit();

    const question = await screen.findByRole('alert', { name: /gibt es vielleicht schon/ });
    expect(document.activeElement).toBe(question);
    expect(
      within(question)
        .getByRole('link', { name: 'Mit bestehender Praxis verbinden' })
        .getAttribute('href'),
    ).toBe(`${ROUTES.newPractice}#connect`);
    expect(screen.queryByRole('button', { name: 'Praxis anlegen' })).toBeNull();

    fireEvent.click(within(question).getByRole('button', { name: 'Trotzdem anlegen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meine Praxis' })).toBeTruthy();
    expect(portal.practices.creates).toHaveLength(2);
    expect(portal.practices.creates[1]).toMatchObject({ confirmDuplicate: true });
  });

  it('keeps the input and shows the api’s field errors, asking to check them, when the save is refused', async () => {
    await openAddPractice();
    server.use(
      onCall(CREATE, () =>
        problem(400, 'validation_failed', [{ field: 'body.phone', code: 'invalid_phone' }]),
      ),
    );
    fillIn();
    type('Telefon', '0221 1234');
    submit();

    expect(await screen.findByText('Bitte prüfen Sie Ihre Angaben.')).toBeTruthy();
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
    expect(await screen.findByText(/gültige Telefonnummer/)).toBeTruthy();
    expect((field('Name der Praxis') as HTMLInputElement).value).toBe('Praxis am Dom');
    expect(window.location.pathname).toBe(ROUTES.newPracticeAdd);
  });

  it('explains a refusal the user can act on, in the toast and beside the form', async () => {
    await openAddPractice();
    server.use(
      onCall(CREATE, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, code: 'limit_reached' },
          { status: 409 },
        ),
      ),
    );
    fillIn();
    submit();

    expect(await screen.findAllByText(/so viele Praxen angelegt, wie möglich ist/)).toHaveLength(2);
    expect(screen.queryByText(SAVE_ERROR)).toBeNull();
  });
});
