import { describe, expect, it } from 'vitest';
import { parseInvitations } from './parse-invitations.ts';

const LOCATIONS = [
  { locationId: 'l-1', name: 'Praxis Mitte' },
  { locationId: 'l-2', name: 'Praxis Nord' },
  { locationId: 'l-3', name: 'Labor, 2. OG' },
];

describe('pasted and uploaded invitations (decision 0084)', () => {
  it('reads addresses one a line and "Name <address>", normalised, skipping empty lines', () => {
    const rows = parseInvitations(
      'lena@Example.COM\n\n  Dr. Paul Maier <paul@example.com>  \n"Ina Roth" <ina@example.com>',
      LOCATIONS,
    );
    expect(
      rows.map(({ line, email, firstName, lastName, problem }) => ({
        line,
        email,
        firstName,
        lastName,
        problem,
      })),
    ).toEqual([
      { line: 1, email: 'lena@example.com', firstName: null, lastName: null, problem: null },
      {
        line: 3,
        email: 'paul@example.com',
        firstName: 'Dr. Paul',
        lastName: 'Maier',
        problem: null,
      },
      { line: 4, email: 'ina@example.com', firstName: 'Ina', lastName: 'Roth', problem: null },
    ]);
  });

  it('reads columns pasted from Excel and a CSV with a header and a BOM, locations by name', () => {
    const excel = parseInvitations('Lena\tNeu\tlena@example.com\tAdmin\tPraxis Mitte', LOCATIONS);
    expect(excel[0]).toMatchObject({
      firstName: 'Lena',
      lastName: 'Neu',
      email: 'lena@example.com',
      role: 'admin',
      locationIds: ['l-1'],
      problem: null,
    });
    const csv = parseInvitations(
      '\uFEFFE-Mail;Vorname;Nachname;Standorte\r\npaul@example.com;Paul;"Maier; Jr";praxis nord|Praxis Mitte\r\n',
      LOCATIONS,
    );
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      line: 2,
      email: 'paul@example.com',
      firstName: 'Paul',
      lastName: 'Maier; Jr',
      role: 'member',
      locationIds: ['l-2', 'l-1'],
    });
  });

  it('names what the browser knows: an invalid address, a name with an address, an unknown location', () => {
    const rows = parseInvitations(
      'kein-at\nwww.evil.example <a@example.com>\nA;B;c@example.com;Mitglied;Anderswo',
      LOCATIONS,
    );
    expect(rows.map((row) => row.problem)).toEqual([
      'invalid_email',
      'invalid_name',
      'unknown_location',
    ]);
  });

  // Issue 43: "Administrator/-in", the portal's own label, became a member without a word, and
  // so did "Chef".
  it('reads every role the portal shows or exports, in both languages, and flags any other', () => {
    const role = (cell: string) => {
      const [row] = parseInvitations(`Eva\tSchmidt\teva@example.com\t${cell}\tPraxis Mitte`, []);
      return row?.problem === 'unknown_role' ? `? ${row.roleText}` : row?.role;
    };
    expect(
      [
        'Administrator/-in',
        'Administratorin',
        'Administrator',
        'Hauptadministrator/-in',
        'Main administrator',
        'admin',
      ].map(role),
    ).toEqual(['admin', 'admin', 'admin', 'admin', 'admin', 'admin']);
    expect(['Mitglied', 'Member', ''].map(role)).toEqual(['member', 'member', 'member']);
    expect(['Chef', 'Mitglieder'].map(role)).toEqual(['? Chef', '? Mitglieder']);
  });

  it('reads location names that hold a comma, as the export joins them with ", "', () => {
    const [row] = parseInvitations(
      'Vorname;Nachname;E-Mail-Adresse;Rolle;Standorte\nEva;Schmidt;eva@example.com;Mitglied;"Labor, 2. OG, Praxis Mitte"',
      LOCATIONS,
    );
    expect(row).toMatchObject({ locationIds: ['l-3', 'l-1'], problem: null });
    const [unknown] = parseInvitations(
      'Eva;Schmidt;eva@example.com;Mitglied;"Praxis Mitte, Keller"',
      LOCATIONS,
    );
    expect(unknown).toMatchObject({ locationIds: ['l-1'], problem: 'unknown_location' });
  });
});
