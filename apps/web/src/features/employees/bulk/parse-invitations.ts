import { EmailSchema, PersonNameSchema, type InvitationRole } from '@pp/contract';

/** Why a pasted row is not even asked about: the browser knows it already. */
export type LocalProblem = 'invalid_email' | 'invalid_name' | 'unknown_location' | 'unknown_role';

/** One pasted or uploaded line, as the preview shows it. */
export interface ParsedRow {
  /** The line's number in the text, from 1. */
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: InvitationRole;
  /** The role cell as written, when it names no role the portal knows (`unknown_role`). */
  roleText: string | null;
  locationIds: string[];
  problem: LocalProblem | null;
}

const HEADER_WORDS: Record<string, keyof Columns> = {
  vorname: 'firstName',
  'first name': 'firstName',
  firstname: 'firstName',
  nachname: 'lastName',
  'last name': 'lastName',
  lastname: 'lastName',
  'e-mail': 'email',
  email: 'email',
  'e-mail-adresse': 'email',
  'e-mail address': 'email',
  'email address': 'email',
  rolle: 'role',
  role: 'role',
  standorte: 'locations',
  locations: 'locations',
};

interface Columns {
  firstName: number;
  lastName: number;
  email: number;
  role: number;
  locations: number;
}

/** The CSV order the upload names: first name, last name, e-mail, role, locations. */
const CSV_ORDER: Columns = { firstName: 0, lastName: 1, email: 2, role: 3, locations: 4 };

/** The cells of a line split at `separator`, double quotes around a cell honoured. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (char === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === separator && !quoted) {
      out.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  out.push(cell.trim());
  return out;
}

function separatorOf(line: string): string | null {
  for (const separator of ['\t', ';', ',']) if (line.includes(separator)) return separator;
  return null;
}

function headerOf(row: string[]): Columns | null {
  const found: Partial<Columns> = {};
  row.forEach((cell, index) => {
    const key = HEADER_WORDS[cell.toLowerCase()];
    if (key) found[key] = index;
  });
  if (found.email === undefined) return null;
  return {
    firstName: found.firstName ?? -1,
    lastName: found.lastName ?? -1,
    email: found.email,
    role: found.role ?? -1,
    locations: found.locations ?? -1,
  };
}

/** "Dr. Lena Neu <lena@example.com>", or a bare address: the name split at its last space. */
function mailbox(line: string) {
  const match = /^(.*)<([^<>]+)>\s*$/.exec(line);
  const name = (match?.[1] ?? '').replace(/"/g, '').trim();
  const email = (match?.[2] ?? line).trim();
  const space = name.lastIndexOf(' ');
  return {
    email,
    firstName: space > 0 ? name.slice(0, space) : name || null,
    lastName: space > 0 ? name.slice(space + 1) : null,
    role: '',
    locations: '',
  };
}

function fromCells(row: string[], columns: Columns) {
  const at = (index: number) => (index >= 0 ? (row[index] ?? '') : '');
  // Two columns pasted without a header: a name and an address, in either order.
  if (row.length === 2) {
    const mailAt = row.findIndex((cell) => cell.includes('@'));
    if (mailAt >= 0) return { ...mailbox(`${row[1 - mailAt]} <${row[mailAt]}>`) };
  }
  return {
    email: at(columns.email),
    firstName: at(columns.firstName) || null,
    lastName: at(columns.lastName) || null,
    role: at(columns.role),
    locations: at(columns.locations),
  };
}

/**
 * The roles as the portal itself shows and exports them (de.json / en.json `ROLES`, the employee
 * export's column): what the export writes reads back. A main administrator is invited as an
 * administrator — the main role is handed over, never invited. An empty cell is a member;
 * anything else is flagged on its row, never guessed.
 */
const ROLE_WORDS: Record<string, InvitationRole> = {
  mitglied: 'member',
  member: 'member',
  admin: 'admin',
  administrator: 'admin',
  administratorin: 'admin',
  'administrator/-in': 'admin',
  hauptadministrator: 'admin',
  hauptadministratorin: 'admin',
  'hauptadministrator/-in': 'admin',
  'main administrator': 'admin',
};

function roleOf(cell: string): InvitationRole | null {
  const word = cell.trim().toLowerCase().replace(/\s+/g, ' ');
  return word === '' ? 'member' : (ROLE_WORDS[word] ?? null);
}

/**
 * Reads pasted addresses (one a line, or "Name <address>"), columns pasted from Excel (tabs) or a
 * CSV file (semicolons or commas; a header row names the columns, else first name, last name,
 * e-mail, role, locations), and checks in the browser what the browser can: the address, the
 * names and the locations, named as the practice names them (decision 0084).
 */
export function parseInvitations(
  text: string,
  locations: readonly { locationId: string; name: string }[],
): ParsedRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const firstFilled = lines.find((line) => line.trim() !== '') ?? '';
  const separator = separatorOf(firstFilled);
  const header = separator ? headerOf(cells(firstFilled, separator)) : null;
  const byName = new Map(locations.map((l) => [l.name.trim().toLowerCase(), l.locationId]));
  const rows: ParsedRow[] = [];
  let skippedHeader = false;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (header && !skippedHeader) {
      skippedHeader = true;
      return;
    }
    const lineSeparator = separatorOf(line);
    const fields =
      lineSeparator && !/<[^<>]+>\s*$/.test(line)
        ? fromCells(cells(line, lineSeparator), header ?? CSV_ORDER)
        : mailbox(line);
    rows.push(checked(index + 1, fields, byName));
  });
  return rows;
}

/**
 * The locations of a cell, as the practice names them, split at `|`, `,` or `;` — unless the
 * practice's own name holds one ("Praxis Mitte, 2. OG"): the longest run of parts that names a
 * location is taken first, so what the export joins with ", " reads back.
 */
function locationsOf(cell: string, byName: ReadonlyMap<string, string>) {
  const pieces = cell.split(/([|,;])/);
  const parts = pieces.length === 1 && pieces[0]!.trim() === '' ? 0 : (pieces.length + 1) / 2;
  const locationIds: string[] = [];
  let unknown = false;
  for (let start = 0; start < parts;) {
    let end = parts;
    let id: string | undefined;
    for (; end > start; end -= 1) {
      id = byName.get(
        pieces
          .slice(2 * start, 2 * end - 1)
          .join('')
          .trim()
          .toLowerCase(),
      );
      if (id) break;
    }
    if (id) {
      locationIds.push(id);
      start = end;
    } else {
      if (pieces[2 * start]!.trim() !== '') unknown = true;
      start += 1;
    }
  }
  return { locationIds, unknown };
}

function checked(
  line: number,
  fields: ReturnType<typeof mailbox>,
  byName: ReadonlyMap<string, string>,
): ParsedRow {
  const email = EmailSchema.safeParse(fields.email);
  const names = [fields.firstName, fields.lastName].filter((name) => name !== null);
  const namesFine = names.every((name) => PersonNameSchema.safeParse(name).success);
  const { locationIds, unknown } = locationsOf(fields.locations, byName);
  const role = roleOf(fields.role);
  const problem: LocalProblem | null = !email.success
    ? 'invalid_email'
    : !namesFine
      ? 'invalid_name'
      : role === null
        ? 'unknown_role'
        : unknown
          ? 'unknown_location'
          : null;
  return {
    line,
    email: email.success ? email.data : fields.email,
    firstName: fields.firstName,
    lastName: fields.lastName,
    role: role ?? 'member',
    roleText: role === null ? fields.role.trim() : null,
    locationIds,
    problem,
  };
}
