import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, ROUTES, type PersonalDataExport } from '@pp/contract';
import { onCall } from '../../testing/call-handler.ts';
import { clara } from '../../testing/demo-customers.ts';
import { fakePortal } from '../../testing/fake-portal.ts';
import { PROFILE_FIELDS } from './profile-form-values.ts';
import { problem } from '../../testing/problem.ts';
import { server } from '../../testing/portal-server.ts';
import { renderApp } from '../../testing/render-app.tsx';

const EXPORT = calls.customerExportPersonalData;
const at = '2026-11-27T09:00:00.000Z';

const pick = <T extends object, K extends keyof T>(from: T, keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

const exported: PersonalDataExport = {
  format: 'practice-portal-personal-data/2',
  exportedAt: at,
  language: 'de',
  parts: { profile: 'Ihr Profil' },
  profile: {
    // Clara as the demo data has her (no phone, position or birth date), without salutation.
    ...pick(clara, ['email', ...PROFILE_FIELDS]),
    customerId: '6f1c1d64-7e0c-4f43-9a4b-1f7f0c0e1a01',
    salutation: null,
    title: null,
    primaryCompanyId: null,
    createdAt: at,
    updatedAt: at,
    position: 'RECEPTION',
    salutationLabel: null,
    titleLabel: null,
    positionLabel: 'Empfang / Rezeption',
    professionLabel: null,
    otherIndustryLabel: null,
    preferredLanguageLabel: 'Deutsch',
  },
  memberships: [
    {
      companyId: '6f1c1d64-7e0c-4f43-9a4b-1f7f0c0e1a02',
      name: 'Praxis Sonnenschein',
      customerNumber: null,
      practiceStatus: 'enabled',
      role: 'admin',
      status: 'enabled',
      since: at,
      changedAt: at,
      locations: ['Standort Mitte'],
      practiceStatusLabel: 'Aktiv',
      roleLabel: 'Administrator/-in',
      statusLabel: 'Aktiv',
    },
  ],
  invitationsReceived: [],
  invitationsSent: [],
  joinRequests: [],
  pendingEmailChanges: [],
  newsletter: {
    subscribed: true,
    distributors: ['PRODUCT_NEWS'],
    interests: [],
    distributorLabels: ['Produktneuheiten'],
    interestLabels: [],
    consentRecords: [
      {
        recordedAt: at,
        subscribed: true,
        distributors: ['PRODUCT_NEWS'],
        interests: [],
        distributorLabels: ['Produktneuheiten'],
        interestLabels: [],
        wordingVersion: '2026-11-22',
        language: 'de',
        requestedAt: at,
        confirmedAt: at,
      },
    ],
    pendingConfirmations: [],
  },
  signIn: {
    managedByProvider: false,
    providerUrl: null,
    accountCreatedAt: at,
    authenticatorAppSince: null,
    recoveryCodesLeft: null,
    passkeys: [{ name: 'Laptop', createdAt: at, lastUsedAt: null }],
    sessions: [],
    signIns: [],
  },
  auditEntries: [],
};

describe('"Meine Daten" on /info', () => {
  // jsdom has no object URLs and would follow the saving link: a fixed URL, a recorded click.
  const { createObjectURL, revokeObjectURL } = URL;
  let saved: string[] = [];
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });

  const section = async () => within(await screen.findByRole('region', { name: 'Meine Daten' }));

  it('saves the file and shows the same data as a summary, with a link to save it again', async () => {
    server.use(onCall(EXPORT, () => HttpResponse.json(exported)));
    await renderApp(ROUTES.info);
    const mine = await section();
    fireEvent.click(mine.getByRole('button', { name: 'Meine Daten herunterladen' }));

    const summary = within(await mine.findByRole('region', { name: /^Ihre Daten, Stand / }));
    expect(saved).toEqual([expect.stringMatching(/^praxisportal-meine-daten-.*\.json$/)]);
    expect(summary.getByRole('region', { name: 'Praxen und Rollen' }).textContent).toContain(
      'Praxis Sonnenschein: Administrator/-in, Aktiv',
    );
    expect(summary.getByText(/Fassung des Einwilligungstexts 2026-11-22/)).toBeTruthy();
    expect(summary.getByText('Passkeys: Laptop')).toBeTruthy();
    const again = mine.getByRole('link', { name: /^Datei erneut speichern/ });
    expect(again.getAttribute('href')).toBe('blob:export');
    expect(again.getAttribute('download')).toMatch(
      /^praxisportal-meine-daten-\d{4}-\d{2}-\d{2}\.json$/,
    );
  });

  // Issue 43 point 9: the overview left out phone, position and profession.
  it.each([
    {
      language: 'de' as const,
      download: 'Meine Daten herunterladen',
      summary: /^Ihre Daten, Stand /,
      profile: 'Profil',
      lines: [
        'Anrede: keine',
        'Telefon: keine',
        'Position in der Praxis: Empfang / Rezeption',
        'Beruf: keine',
        'Andere Branche: keine',
        'Bevorzugte Sprache: Deutsch',
      ],
      practice: 'Kundennummer: keine; Standorte: Standort Mitte',
      newsletter: 'Newsletter: Produktneuheiten',
    },
    {
      language: 'en' as const,
      download: 'Download my data',
      summary: /^Your data as of /,
      profile: 'Profile',
      lines: [
        'Salutation: none',
        'Phone: none',
        'Position in the practice: Reception',
        'Profession: none',
        'Other industry: none',
        'Preferred language: English',
      ],
      practice: 'Customer number: none; Locations: Standort Mitte',
      newsletter: 'Newsletters: Product news',
    },
  ])('shows every field of the file, empty ones as none ($language)', async (text) => {
    fakePortal({ ...clara, preferredLanguage: text.language });
    const file: PersonalDataExport =
      text.language === 'de'
        ? exported
        : {
            ...exported,
            language: 'en',
            profile: {
              ...exported.profile,
              positionLabel: 'Reception',
              preferredLanguageLabel: 'English',
            },
            newsletter: { ...exported.newsletter, distributorLabels: ['Product news'] },
          };
    server.use(onCall(EXPORT, () => HttpResponse.json(file)));
    await renderApp(ROUTES.info);
    fireEvent.click(await screen.findByRole('button', { name: text.download }));
    const summary = within(await screen.findByRole('region', { name: text.summary }));
    const profile = summary.getByRole('region', { name: text.profile }).textContent;
    for (const line of text.lines) expect(profile).toContain(line);
    expect(summary.getByText(new RegExp(text.practice))).toBeTruthy();
    expect(summary.getByText(text.newsletter)).toBeTruthy();
  });

  it("says when the day's exports are used up, and shows no summary", async () => {
    server.use(onCall(EXPORT, () => problem(429, 'rate_limited')));
    await renderApp(ROUTES.info);
    const mine = await section();
    fireEvent.click(mine.getByRole('button', { name: 'Meine Daten herunterladen' }));
    expect((await mine.findByRole('alert')).textContent).toContain(
      'Sie haben Ihre Daten heute schon dreimal heruntergeladen.',
    );
    expect(mine.queryByRole('region', { name: /^Ihre Daten, Stand / })).toBeNull();
    expect(saved).toEqual([]);
  });
});
