import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@pp/contract';
import { anna, ben, SOMMER_ID } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { renderApp } from '../../testing/render-app.tsx';

// A practice the operator's CRM holds without an account number or a country it names in words
// the portal knows (issue 44): shown without them, in German and English, and its form asks for
// a country before saving instead of inventing one.

function withoutNumberAndCountry(customer = anna) {
  const portal = fakePortal(customer);
  portal.practices.practices = portal.practices.practices.map((practice) =>
    practice.companyId === SOMMER_ID
      ? { ...practice, customerNumber: null, country: null }
      : practice,
  );
  return portal;
}

describe('a practice from the CRM without customer number and country', () => {
  it('shows "noch keine" for the number and an address without a country', async () => {
    withoutNumberAndCountry();
    const { i18n } = await renderApp(ROUTES.myPractice);
    const active = within(await screen.findByRole('region', { name: 'Aktive Praxis' }));
    expect(await active.findByText('Friedrichstraße 120, 10117 Berlin')).toBeTruthy();
    expect(active.getByText('noch keine')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await active.findByText('none yet')).toBeTruthy();
  });

  it('asks for the country before saving the practice’s data', async () => {
    const portal = withoutNumberAndCountry(ben);
    await renderApp(ROUTES.practiceInformation);
    await screen.findByRole('form', { name: 'Praxisdaten bearbeiten' });
    expect(screen.getByText('noch keine')).toBeTruthy();
    const country = screen.getByRole('combobox', { name: 'Land' }) as HTMLSelectElement;
    expect(country.value).toBe('');
    expect(within(country).getByRole('option', { name: 'Bitte wählen' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Telefon/ }), {
      target: { value: '+49 30 7654321' },
    });
    fireEvent.blur(screen.getByRole('textbox', { name: /^Telefon/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(portal.practices.updates).toEqual([]);

    fireEvent.change(country, { target: { value: 'DE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Ihre Änderungen wurden gespeichert.')).toBeTruthy();
    expect(portal.practices.updates).toEqual([expect.objectContaining({ country: 'DE' })]);
  });
});
