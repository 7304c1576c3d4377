// The large data set of issue 46: a provider's size on the PostgreSQL server, made once and kept
// (`npm run bench:prepare -- --scale large`), so that `npm run bench -- --scale large` can measure
// the calls on it again and again. Everything is made by the server itself (INSERT … SELECT over
// generate_series), set-based, with every trigger and constraint of the migrated schema in force;
// only the secondary indexes of the largest tables are dropped for the load and made again after
// it, from their own definitions (the result is the migrated schema: `--verify` compares it).
//
// The practice of 10,000 people the existing lines read is made as prepare.ts makes it (its
// admin, its 200 signed-in admins, 10,000 locations, 9,999 role changes in the activity log),
// amid 1,000,000 people in 100,000 practices. The identity links of the bench's people name a
// placeholder issuer; each run points them at its own test issuer (`scale.ts`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dammCheckDigit } from '@pp/contract';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../../apps/api/src/db/migrate.ts';
import { BENCH_SIGNED_IN, BENCH_SIZE } from './prepare.ts';

export const LARGE_DATABASE = process.env['BENCH_LARGE_DATABASE'] ?? 'portal_bench_large';
/** The bench's people's links until a run points them at its issuer. */
export const LARGE_PLACEHOLDER_ISSUER = 'http://127.0.0.1:1';
/** The issuer of everybody else's links: the provider's sign-in service. */
export const POPULATION_ISSUER = 'https://anmeldung.praxisportal.example';
/** `BENCH_LARGE_FRACTION=0.1`: a tenth of each count, to try the prepare quickly (not for figures). */
const FRACTION = Number(process.env['BENCH_LARGE_FRACTION'] ?? 1);
const part = (n: number) => Math.round(n * FRACTION);
export const LARGE = {
  people: part(1_000_000),
  practices: part(100_000),
  locations: part(300_000),
  memberships: part(1_400_000),
  invitations: part(100_000),
  auditLog: part(10_000_000),
  mails: part(2_000_000),
  /** Practices 2 … 21: between 1,000 and 3,000 people each. */
  largePractices: 20,
  /** Practices 22 …: one inviter each (benchInviter), enough for BENCH_SECONDS ≤ 25. */
  inviters: 5_000,
  /** Of the invitations, how many are still open (the rest accepted). */
  openInvitations: part(60_000),
} as const;
/** The data set's version: a run refuses a database made by another. */
export const LARGE_VERSION = 'pp-bench-large 1';

export const ADMIN_URL =
  process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const databaseUrl = (database: string) =>
  Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();

/** The migrations the app has: their number and the time of the last (drizzle's journal). */
export function appMigrations(): { count: number; last: number } {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, last: journal.entries.at(-1)?.when ?? 0 };
}

/** What the database's comment says once the whole prepare has run. */
export const completeMark = () => {
  const { count, last } = appMigrations();
  const fraction = FRACTION === 1 ? '' : `; fraction ${FRACTION}`;
  return `${LARGE_VERSION}; migrations ${count} (${last}); inviters ${LARGE.inviters}${fraction}`;
};

// German first names (with the sex the salutation follows), last names, places with a real
// postal code, streets.
const FIRST_NAMES: [string, 'F' | 'M'][] = [
  ...'Anna Jürgen Sören Björn Jörg Uwe Käthe Bärbel Doris Gülten Mia Emma Hannah Lea Lena Sophie Marie Lina Leonie Ida Greta Clara Jana Julia Katrin Sabine Sandra Ute Renate Gisela Heike Birgit Dörte Margarethe'
    .split(' ')
    .map((name): [string, 'F' | 'M'] => [
      name,
      ['Jürgen', 'Sören', 'Björn', 'Jörg', 'Uwe'].includes(name) ? 'M' : 'F',
    ]),
  ...'Lukas Jonas Felix Maximilian Paul Leon Elias Noah Ben Finn Tobias Stefan Michael Thomas Andreas Matthias Markus Frank Jörn Kai Günther Hans-Jürgen Klaus Dieter Horst Ömer Özgür Malte Lutz Gerd'
    .split(' ')
    .map((name): [string, 'F' | 'M'] => [name, 'M']),
];
const LAST_NAMES =
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer Großmann Öztürk Yılmaz Nowak Düring Bührmann Lüdtke Görgen Häußler Mößner Süßmuth'.split(
    ' ',
  );
const PLACES: [string, string][] = [
  ['Berlin', '10115'],
  ['Berlin', '10437'],
  ['Berlin', '12043'],
  ['Hamburg', '20095'],
  ['Hamburg', '22765'],
  ['München', '80331'],
  ['München', '81667'],
  ['Köln', '50667'],
  ['Köln', '50823'],
  ['Frankfurt am Main', '60311'],
  ['Stuttgart', '70173'],
  ['Düsseldorf', '40210'],
  ['Leipzig', '04109'],
  ['Dortmund', '44135'],
  ['Essen', '45127'],
  ['Bremen', '28195'],
  ['Dresden', '01067'],
  ['Hannover', '30159'],
  ['Nürnberg', '90402'],
  ['Duisburg', '47051'],
  ['Bochum', '44787'],
  ['Wuppertal', '42103'],
  ['Bielefeld', '33602'],
  ['Bonn', '53111'],
  ['Münster', '48143'],
  ['Mannheim', '68159'],
  ['Karlsruhe', '76133'],
  ['Augsburg', '86150'],
  ['Wiesbaden', '65183'],
  ['Mönchengladbach', '41061'],
  ['Gelsenkirchen', '45879'],
  ['Aachen', '52062'],
  ['Braunschweig', '38100'],
  ['Kiel', '24103'],
  ['Chemnitz', '09111'],
  ['Halle (Saale)', '06108'],
  ['Magdeburg', '39104'],
  ['Freiburg im Breisgau', '79098'],
  ['Krefeld', '47798'],
  ['Mainz', '55116'],
  ['Lübeck', '23552'],
  ['Erfurt', '99084'],
  ['Rostock', '18055'],
  ['Kassel', '34117'],
  ['Saarbrücken', '66111'],
  ['Osnabrück', '49074'],
  ['Göttingen', '37073'],
  ['Würzburg', '97070'],
  ['Tübingen', '72070'],
  ['Fürth', '90762'],
  ['Gießen', '35390'],
  ['Jülich', '52428'],
  ['Lüneburg', '21335'],
  ['Mülheim an der Ruhr', '45468'],
  ['Bückeburg', '31675'],
  ['Görlitz', '02826'],
  ['Passau', '94032'],
  ['Konstanz', '78462'],
  ['Flensburg', '24937'],
  ['Oberstdorf', '87561'],
];
const STREETS =
  'Hauptstraße|Bahnhofstraße|Schloßallee|Gartenweg|Mühlenweg|Königstraße|Lindenstraße|Am Rüsterbusch|Marktplatz|Goethestraße|Schillerstraße|Kirchgasse|Brückenstraße|Große Straße|Friedrich-Ebert-Straße|Am Mühlbach|Kölner Straße|Münchener Straße|Düsseldorfer Allee|Tränkestraße|Bürgermeister-Müller-Weg|Jägerstraße|Fährstraße|Rosenstraße|Uhlandstraße|Ölmühlenweg|Gärtnerweg|Hölderlinstraße|Am Schützenhof|Straße des 17. Juni'.split(
    '|',
  );
const DOMAINS =
  'gmx.de|web.de|t-online.de|posteo.de|mailbox.org|praxis-mail.de|zahnarzt-online.de|aerzte-netz.de|freenet.de|outlook.de'.split(
    '|',
  );

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const array = (items: readonly string[]) => `array[${items.map(quote).join(', ')}]`;
/** A deterministic spread of `x` (a bigint expression) over 0 … n − 1. */
const spread = (x: string, salt: number, n: number) =>
  `((((${x})::bigint * 2654435761 + ${salt * 40503}) % 4294967291) % ${n})`;
/** One of `items`, picked by `x`. */
const pick = (items: readonly string[], x: string, salt: number) =>
  `(${array(items)})[1 + ${spread(x, salt, items.length)}]`;
/** German letters in an e-mail address's ASCII. */
const ascii = (name: string) =>
  `translate(replace(replace(replace(replace(lower(${name}), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'), 'ıéè -', 'iee')`;

/** The Damm table, read back from the contract's check digit (its first row is a permutation). */
function dammTable(): number[][] {
  const first = Array.from({ length: 10 }, (_, d) => dammCheckDigit(String(d)));
  return Array.from({ length: 10 }, (_, interim) => {
    const lead = first.indexOf(interim);
    return Array.from({ length: 10 }, (_, d) => dammCheckDigit(`${lead}${d}`));
  });
}
/** The SQL of a customer number from nine digits (a text expression), as the api makes it. */
function customerNumber(digits: string): string {
  const table = `(array[${dammTable()
    .map((row) => `array[${row.join(',')}]`)
    .join(',')}])`;
  let interim = '0';
  for (let i = 1; i <= 9; i += 1)
    interim = `${table}[${interim} + 1][substr(${digits}, ${i}, 1)::int + 1]`;
  return `'P-' || ${digits} || (${interim})::text`;
}

/** A version-4-shaped UUID made from `text`: the same every time, as the api's checks want it. */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const customerId = (ci: string) => uuidOf(`'customer ' || (${ci})`);
/** The id of practice `p` of the plan (1: the bench practice; 22 …: the inviters'). */
export const companyId = (p: string) => uuidOf(`'practice ' || (${p})`);
/** The customer of membership k (see `mplan`): the first million one each, then people again. */
const customerOf = (k: string) =>
  `(case when (${k}) <= ${LARGE.people} then (${k}) else ${BENCH_SIZE + 1} + (((${k})::bigint - ${LARGE.people} - 1) * 7919) % ${LARGE.people - BENCH_SIZE} end)`;

/** The tables whose secondary indexes are dropped for the load (not those the triggers use). */
const LOADED = [
  'customers',
  'locations',
  'memberships',
  'identity_links',
  'audit_log',
  'mail_outbox',
];
const KEPT_INDEXES = ['memberships_one_superadmin_key'];

/** Triggers without effect or made set-based during the load (enabled again after it). */
const QUIET_TRIGGERS = [
  ['customers', 'customers_crm_capture'],
  ['companies', 'companies_crm_capture'],
  ['locations', 'locations_crm_capture'],
  ['memberships', 'memberships_crm_capture'],
  ['memberships', 'memberships_shown_person'],
] as const;

/** 2,000 memberships (half of them invited) saved again: the trigger must make the same keys. */
async function checkShownKeys(client: pg.Client, write: (line: string) => void) {
  await client.query('begin');
  try {
    await client.query(`create temp table shown_sample on commit drop as
      (select customer_id, company_id, shown_name, shown_email, shown_search from memberships
        where status = 'invited' limit 1000)
      union all
      (select customer_id, company_id, shown_name, shown_email, shown_search from memberships
        where status <> 'invited' limit 1000)`);
    await client.query(`update memberships m set status = m.status from shown_sample s
      where s.customer_id = m.customer_id and s.company_id = m.company_id`);
    const { rows } = await client.query<{ checked: number; differing: number }>(
      `select count(*)::int as checked, count(*) filter (where m.shown_name is distinct from s.shown_name
         or m.shown_email is distinct from s.shown_email or m.shown_search is distinct from s.shown_search)::int as differing
         from shown_sample s join memberships m using (customer_id, company_id)`,
    );
    const { checked, differing } = rows[0]!;
    if (differing > 0)
      throw new Error(`${differing} of ${checked} memberships' keys differ from the trigger's`);
    write(
      `| memberships' sort and search keys: ${checked} checked against the trigger, the same | |`,
    );
  } finally {
    await client.query('rollback');
  }
}

type Step = [string, string];

function steps(): Step[] {
  const { people, practices, memberships, invitations, auditLog, mails, largePractices, inviters } =
    LARGE;
  const small = practices - 1 - largePractices;
  const firstNames = FIRST_NAMES.map(([name]) => name);
  const firstIndex = (x: string) => `1 + ${spread(x, 1, FIRST_NAMES.length)}`;
  const sexes = FIRST_NAMES.map(([, sex]) => sex);
  const place = (x: string, salt: number) => `1 + ${spread(x, salt, PLACES.length)}`;
  const cities = array(PLACES.map(([city]) => city));
  const codes = array(PLACES.map(([, code]) => code));
  return [
    [
      'plan: practice sizes (1 of 10,000, 20 of 1,000–3,000, the rest heavy-tailed)',
      `create temp table plan as
       with base as (
         select p,
                case when p = 1 then ${BENCH_SIZE}
                     when p <= ${1 + largePractices} then 1000 + (p * 7919) % 2001 end as fixed,
                least(150.0, power((${spread('p', 3, 1_000_003)} + 1) / 1000004.0, -1 / 1.25))::numeric(20, 6) as w
           from generate_series(1, ${practices}) p),
       weights as (
         select p, fixed, w, sum(w) over (order by p) as upto, sum(w) over () as total
           from base where fixed is null),
       fixed as (select sum(fixed) as n from base),
       sized as (
         select b.p, coalesce(b.fixed, 1 + floor(r.rest * w.upto / w.total)::int
                                        - floor(r.rest * (w.upto - w.w) / w.total)::int) as size
           from base b left join weights w using (p)
          cross join (select ${memberships} - n - ${small} as rest from fixed) r)
       select p, size, (sum(size) over (order by p) - size + 1)::int as start from sized`,
    ],
    [
      'plan: locations per practice (10,000 for the bench practice, by size for the others)',
      `alter table plan add column locations int;
       create unique index on plan (p);
       update plan set locations = ${BENCH_SIZE} where p = 1;
       with w as (select p, size, sum(size) over (order by p) as upto, sum(size) over () as total
                    from plan where p > 1)
       update plan set locations = 1
           + (floor(${LARGE.locations - BENCH_SIZE - (practices - 1)}::numeric * w.upto / w.total)
            - floor(${LARGE.locations - BENCH_SIZE - (practices - 1)}::numeric * (w.upto - w.size) / w.total))::int
         from w where w.p = plan.p`,
    ],
    [
      'plan: memberships (role, status, open and accepted invitations)',
      `create temp table mplan as
       select k, p, j, size, start, ${customerOf('k')} as ci, 'enabled'::text as status,
              case when j = 0 then 'superadmin'
                   when p = 1 then case when j <= ${BENCH_SIGNED_IN} then 'admin' else 'member' end
                   when ${spread('k', 5, 9)} = 0 then 'admin' else 'member' end as role,
              null::text as invitation
         from plan cross join lateral generate_series(0, size - 1) j
        cross join lateral (select start + j as k) k;
       with ranked as (
         select k, row_number() over (order by ${spread('k', 7, 4294967291)}, k) as n
           from mplan where p > 1 and j > 0)
       update mplan set invitation = case when n <= ${LARGE.openInvitations} then 'open' else 'accepted' end,
                        status = case when n <= ${LARGE.openInvitations} then 'invited' else 'enabled' end,
                        role = case when n <= ${LARGE.openInvitations} then 'member' else role end
         from ranked where ranked.k = mplan.k and ranked.n <= ${invitations};
       update mplan set status = 'disabled'
        where p > 1 and j > 0 and invitation is null and ${spread('k', 11, 50)} = 0;
       create unique index on mplan (k);
       analyze mplan`,
    ],
    [
      `customers: ${people.toLocaleString('en')}`,
      `insert into customers (id, email, salutation, title, first_name, last_name, phone, position,
                              profession, preferred_language, invitation_only, created_at, updated_at)
       select ${customerId('i')}, email, salutation, title, first_name, last_name, phone, position,
              profession, language, false, created, created
         from (
           select i, f, l, inviter,
                  case when i = 1 then 'admin@bench.example.com'
                       when i <= ${BENCH_SIZE} then 'person' || (i - 1) || '@bench.example.com'
                       when inviter is not null then 'inviter' || inviter || '@bench.example.com'
                       else ${ascii('f')} || '.' || ${ascii('l')} || '.' || i || '@' || ${pick(DOMAINS, 'i', 13)}
                  end as email,
                  case when i = 1 then 'Bea' else f end as first_name,
                  case when i = 1 then 'Bench' else l end as last_name,
                  case when ${spread('i', 17, 40)} = 0 then ${pick(['DIVERS', 'KEINE_ANGABE'], 'i', 19)}
                       when (${array(sexes)})[fi] = 'F' then 'FRAU' else 'HERR' end as salutation,
                  case when ${spread('i', 23, 8)} = 0 then ${pick(['DR', 'DR_MED', 'DR_MED_DENT', 'PROF_DR_MED_DENT'], 'i', 29)} end as title,
                  case when ${spread('i', 31, 5)} < 3 then '+49 ' || (30 + ${spread('i', 37, 9000)}) || ' ' || (100000 + ${spread('i', 41, 8999999)}) end as phone,
                  case when ${spread('i', 43, 3)} = 0 then ${pick(['RECEPTION', 'CHAIRSIDE_ASSISTANT', 'PROPHYLAXIS', 'BILLING', 'PRACTICE_MANAGER', 'DENTIST_EMPLOYED'], 'i', 47)} end as position,
                  case when ${spread('i', 53, 3)} = 0 then ${pick(['DENTIST', 'DENTAL_ASSISTANT', 'DENTAL_HYGIENIST', 'MEDICAL_ASSISTANT', 'GENERAL_PRACTITIONER'], 'i', 59)} end as profession,
                  case when ${spread('i', 61, 20)} = 0 then 'en' else 'de' end as language,
                  now() - (${spread('i', 67, 5 * 365 * 24)} * interval '1 hour') - interval '1 day' as created
             from generate_series(1, ${people}) i
             cross join lateral (select ${firstIndex('i')} as fi) fi
             cross join lateral (select (${array(firstNames)})[fi] as f, ${pick(LAST_NAMES, 'i', 2)} as l) names
             left join (select start as ci, p - ${1 + largePractices} as inviter from plan
                         where p between ${2 + largePractices} and ${1 + largePractices + inviters}) inv
               on inv.ci = i
            order by ${spread('i', 71, 4294967291)}) people`,
    ],
    [
      "memberships' sort and search keys: once per name (membership_shown_person's expressions)",
      `create temp table shown_names as
       select first_name, last_name,
              name_sort_key(last_name) || ' ' || name_sort_key(first_name) || chr(1) || last_name || ' ' || first_name as shown_name,
              name_search_key(full_name) || chr(10) || name_sort_key(full_name) || chr(10) as search_head
         from (select distinct first_name, last_name from customers) names
        cross join lateral (select first_name || ' ' || last_name || ' ' || first_name as full_name) f;
       analyze shown_names`,
    ],
    [
      `practices: ${practices.toLocaleString('en')}, invitations: ${invitations.toLocaleString('en')}, memberships: ${memberships.toLocaleString('en')} (one transaction: each practice has its superadmin)`,
      `begin;
       insert into companies (id, customer_number, name, street, postal_code, city, phone, email,
                              website, status, created_by, created_at, updated_at)
       select ${companyId('p')}, ${customerNumber(`lpad(((p::bigint * 387420489 + 12345) % 1000000000)::text, 9, '0')`)},
              case when p = 1 then 'Praxis Benchmark'
                   when p <= ${1 + largePractices} then ${pick(['MVZ', 'Zahnmedizinisches Versorgungszentrum', 'Praxisverbund'], 'p', 73)} || ' ' || city || ' ' || p
                   else ${pick(['Zahnarztpraxis Dr.', 'Praxis Dr. med.', 'Gemeinschaftspraxis', 'Kieferorthopädie', 'Hausarztpraxis', 'Zahnärzte'], 'p', 79)} || ' ' || ${pick(LAST_NAMES, 'p', 83)}
                        || case when ${spread('p', 89, 3)} = 0 then ' & ' || ${pick(LAST_NAMES, 'p', 97)} else '' end
              end,
              ${pick(STREETS, 'p', 101)} || ' ' || (1 + ${spread('p', 103, 120)}), code, city,
              '+49 ' || (30 + ${spread('p', 107, 9000)}) || ' ' || (100000 + ${spread('p', 109, 8999999)}),
              'info@praxis-' || p || '.de', case when ${spread('p', 113, 4)} = 0 then 'https://www.praxis-' || p || '.de' end,
              case when p > ${1 + largePractices + inviters} and ${spread('p', 127, 100)} = 0 then 'disabled' else 'enabled' end,
              ${customerId(customerOf('start'))}, now() - (${spread('p', 131, 6 * 365)} * interval '1 day') - interval '6 years',
              now() - (${spread('p', 137, 365)} * interval '1 day')
         from plan cross join lateral (select ${place('p', 139)} as pl) pl
         cross join lateral (select (${cities})[pl] as city, (${codes})[pl] as code) where_;
       insert into invitations (company_id, customer_id, invited_by, email, role, typed, token_hash,
                                expires_at, accepted_at, created_at)
       select ${companyId('m.p')}, c.id, ${customerId(customerOf('m.start'))}, c.email, m.role,
              jsonb_build_object('firstName', c.first_name, 'lastName', c.last_name, 'locationIds', '[]'::jsonb),
              encode(sha256(('invitation ' || m.k)::bytea), 'base64'), sent + interval '7 days',
              case when m.invitation = 'accepted' then sent + interval '2 days' end, sent
         from mplan m join customers c on c.id = ${customerId('m.ci')}
         cross join lateral (select now() - (${spread('m.k', 149, 30 * 24)} * interval '1 hour')
                                 - case when m.invitation = 'accepted' then interval '60 days' else interval '0 days' end as sent) s
        where m.invitation is not null;
       insert into memberships (customer_id, company_id, role, status, created_at, updated_at,
                                shown_name, shown_email, shown_search)
       select c.id, ${companyId('m.p')}, m.role, m.status, created, created,
              n.shown_name, c.email, n.search_head || c.email
         from mplan m join customers c on c.id = ${customerId('m.ci')}
         join shown_names n on n.first_name = c.first_name and n.last_name = c.last_name
         cross join lateral (select now() - (${spread('m.k', 151, 3 * 365)} * interval '1 day') as created) t
        order by ${spread('m.k', 157, 4294967291)};
       commit`,
    ],
    [
      `locations: ${LARGE.locations.toLocaleString('en')}`,
      `insert into locations (company_id, name, street, postal_code, city, phone_number, invoice_mail,
                              status, created_at, updated_at)
       select ${companyId('p')},
              case when p = 1 then 'Standort ' || lpad(n::text, 5, '0') || ' ' || city
                   when n = 1 then 'Hauptpraxis' else ${pick(['Filiale', 'Zweigpraxis', 'Praxis am', 'Labor', 'Standort'], 'p * 31 + n', 163)} || ' ' || ${pick(STREETS, 'p * 37 + n', 167)} end,
              ${pick(STREETS, 'p * 41 + n', 173)} || ' ' || (1 + ${spread('p * 43 + n', 179, 150)}), code, city,
              case when ${spread('p + n', 181, 3)} > 0 then '+49 ' || (30 + ${spread('p * 47 + n', 191, 9000)}) || ' ' || (100000 + ${spread('p * 53 + n', 193, 8999999)}) end,
              case when ${spread('p + n', 197, 4)} = 0 then 'rechnung@praxis-' || p || '.de' end,
              case when ${spread('p * 59 + n', 199, 40)} = 0 then 'disabled' else 'enabled' end,
              created, created
         from plan cross join lateral generate_series(1, locations) n
         cross join lateral (select ${place('p * 61 + n', 211)} as pl,
                                    now() - (${spread('p * 67 + n', 223, 5 * 365)} * interval '1 day') as created) pl
         cross join lateral (select (${cities})[pl] as city, (${codes})[pl] as code) where_
        order by ${spread('p * 71 + n', 227, 4294967291)}`,
    ],
    [
      'identity links: the bench admin, its 200 signed-in admins and the inviters; 70 % of the others',
      `insert into identity_links (issuer, subject, customer_id, created_at)
       select case when email like '%@bench.example.com' then ${quote(LARGE_PLACEHOLDER_ISSUER)} else ${quote(POPULATION_ISSUER)} end,
              case when email like '%@bench.example.com' then 'sub-' || email else md5('subject ' || id) end,
              id, created_at
         from customers
        where email like '%@bench.example.com'
              and (email not like 'person%' or substring(email from '^person([0-9]+)@')::int <= ${BENCH_SIGNED_IN})
           or (email not like '%@bench.example.com' and ${spread('hashtext(id::text)::bigint & 2147483647', 229, 10)} < 7)`,
    ],
    [
      `activity log: ${auditLog.toLocaleString('en')} entries, in time order (9,999 role changes of the bench practice among them)`,
      `insert into audit_log (at, actor_customer_id, action, entity, entity_id, company_id, data)
       select now() - (${auditLog + 1} - g) * interval '9 seconds',
              case when m.k is null then ${customerId('1')}
                   when a.action = 'customer.updated' then ${customerId('m.ci')}
                   else ${customerId(customerOf('m.start'))} end,
              a.action,
              case when a.action = 'customer.updated' then 'customer'
                   when a.action like 'location.%' then 'location' else 'membership' end,
              case when m.k is null then ${customerId('g / 1000 + 1')}::text else ${customerId('m.ci')}::text end,
              case when a.action = 'customer.updated' then null
                   when m.k is null then ${companyId('1')} else ${companyId('m.p')} end,
              case a.action when 'employee.role_changed' then '{"from": "member", "to": "admin"}'::jsonb
                            when 'customer.updated' then '{"fields": ["phone"]}'::jsonb
                            when 'location.updated' then '{"fields": ["phoneNumber"]}'::jsonb
                            when 'employee.invited' then '{"role": "member"}'::jsonb
                            else '{}'::jsonb end
         from generate_series(1, ${auditLog + 1}) g
         left join mplan m
           on g % 1000 <> 0 and m.k = ${BENCH_SIZE + 1} + (g::bigint * 7919) % ${memberships - BENCH_SIZE}
         cross join lateral (
           select case when m.k is null then 'employee.role_changed'
                       else ${pick(['customer.updated', 'customer.updated', 'customer.updated', 'employee.invited', 'employee.invitation_accepted', 'employee.role_changed', 'employee.locations_changed', 'location.updated', 'location.created', 'employee.left'], 'g', 233)} end as action) a
        where g % 1000 <> 0 or g / 1000 < ${BENCH_SIZE}`,
    ],
    [
      `mails: ${mails.toLocaleString('en')} delivered, in time order`,
      `insert into mail_outbox (message_id, recipient, recipient_mailbox, language, template,
                               actor_customer_id, company_id, subject, text_body, html_body, links,
                               status, attempts, next_attempt_at, created_at, sent_at, headers)
       select '<' || md5('mail ' || g) || '@portal.praxisportal.example>', c.email, c.email,
              c.preferred_language, t.template,
              case when t.template in ('invitation', 'connect-request') then ${customerId(customerOf('m.start'))} else c.id end,
              case when t.template in ('invitation', 'connect-request') then ${companyId('m.p')} end,
              t.subject, body.text, '<!doctype html>' || chr(10) || '<html lang="de"><body><p>'
                || replace(body.text, chr(10) || chr(10), '</p><p>') || '</p><p><a href="' || link || '">Weiter</a></p></body></html>',
              array[link], 'sent', 1, at, at, at + interval '3 seconds', '{}'::jsonb
         from generate_series(1, ${mails}) g
         join mplan m on m.k = 1 + (g::bigint * 104729) % ${memberships}
         join customers c on c.id = ${customerId('m.ci')}
         cross join lateral (select now() - interval '2 hours' - (${mails} - g) * interval '30 seconds' as at,
                                    'https://portal.praxisportal.example/link/' || md5('link ' || g) as link) at
         cross join lateral (
           select (array['invitation', 'invitation', 'invitation', 'invitation', 'email-verification', 'email-verification', 'password-reset', 'password-reset', 'newsletter-confirmation', 'connect-request'])[1 + ${spread('g', 239, 10)}] as template) tt
         cross join lateral (
           select tt.template,
                  case tt.template when 'invitation' then 'Einladung ins Praxisportal'
                                   when 'email-verification' then 'Bitte bestätigen Sie Ihre E-Mail-Adresse'
                                   when 'password-reset' then 'Ihr neues Passwort für das Praxisportal'
                                   when 'newsletter-confirmation' then 'Bitte bestätigen Sie Ihr Newsletter-Abonnement'
                                   else 'Anfrage zur Aufnahme in Ihre Praxis' end as subject) t
         cross join lateral (
           select 'Guten Tag ' || coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ',' || chr(10) || chr(10)
                  || t.subject || ' – über den folgenden Link gelangen Sie direkt ins Praxisportal.' || chr(10) || chr(10)
                  || repeat('Bitte antworten Sie nicht auf diese E-Mail; sie wurde automatisch erstellt. ', 3) || chr(10) || chr(10)
                  || link || chr(10) || chr(10) || 'Mit freundlichen Grüßen' || chr(10) || 'Ihr Praxisportal-Team' as text) body`,
    ],
  ];
}

export interface PrepareLargeOptions {
  /** Compare the schema with a freshly migrated database's (pg_dump --schema-only). */
  verify?: boolean;
  write?: (line: string) => void;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Makes the large database again from nothing; prints each step's time and the tables' sizes. */
export async function prepareLarge({
  verify = true,
  write = console.log,
}: PrepareLargeOptions = {}) {
  const started = performance.now();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    let at = performance.now();
    await admin.query(`drop database if exists "${LARGE_DATABASE}" with (force)`);
    await admin.query(`create database "${LARGE_DATABASE}"`);
    const database = await openDatabase({
      kind: 'server',
      url: databaseUrl(LARGE_DATABASE),
      poolSize: 1,
    });
    await migrateDatabase(database);
    await database.close();
    write(`| created and migrated ${LARGE_DATABASE} | ${seconds(at)} |`);
    const client = new pg.Client({ connectionString: databaseUrl(LARGE_DATABASE) });
    await client.connect();
    try {
      await client.query(`set maintenance_work_mem = '512MB'`);
      await client.query(`set work_mem = '256MB'`);
      await client.query(`set synchronous_commit = off`);
      at = performance.now();
      const { rows: dropped } = await client.query<{ name: string; definition: string }>(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
           from pg_index i join pg_class t on t.oid = i.indrelid
          where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
            and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
            and i.indexrelid::regclass::text <> all($2)`,
        // BENCH_LARGE_KEEP_INDEXES=1: the load with every index in place (to compare the times).
        [process.env['BENCH_LARGE_KEEP_INDEXES'] ? [] : LOADED, KEPT_INDEXES],
      );
      for (const { name } of dropped) await client.query(`drop index "${name}"`);
      write(`| dropped ${dropped.length} secondary indexes for the load | ${seconds(at)} |`);
      // Without a CRM connection crm_capture writes nothing: off for the load, its effect is the
      // same. membership_shown_person's keys are made set-based by its own expressions, once per
      // name, and a sample is checked against the trigger afterwards.
      const { rows: crm } = await client.query<{ n: number }>(
        'select count(*)::int as n from crm_connection',
      );
      if (crm[0]?.n !== 0) throw new Error('A migrated database has no CRM connection');
      for (const [table, trigger] of QUIET_TRIGGERS) {
        await client.query(`alter table ${table} disable trigger ${trigger}`);
      }
      for (const [label, statement] of steps()) {
        at = performance.now();
        await client.query(statement);
        write(`| ${label} | ${seconds(at)} |`);
      }
      for (const [table, trigger] of QUIET_TRIGGERS) {
        await client.query(`alter table ${table} enable trigger ${trigger}`);
      }
      await checkShownKeys(client, write);
      at = performance.now();
      // One after another: the server builds each with its parallel workers.
      for (let i = 0; i < dropped.length; i += 1) await client.query(dropped[i]!.definition);
      write(`| made the ${dropped.length} secondary indexes again | ${seconds(at)} |`);
      at = performance.now();
      await client.query('vacuum (analyze)');
      write(`| vacuum, analyze | ${seconds(at)} |`);
      const { rows: plan } = await client.query<Record<string, string>>(
        `select count(*) filter (where size < 10) as under10, count(*) filter (where size > 1000) as over1000,
                max(size) as largest, percentile_cont(0.5) within group (order by size) as median
           from plan`,
      );
      const stats = plan[0]!;
      write(
        `\nPractices: ${stats['under10']} under 10 people, ${stats['over1000']} over 1,000, the largest ${stats['largest']}, median ${stats['median']}`,
      );
      const { rows: sizes } = await client.query<{ name: string; rows: string; size: string }>(
        `select c.relname as name, c.reltuples::bigint as rows,
                pg_size_pretty(pg_total_relation_size(c.oid)) as size
           from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            and pg_total_relation_size(c.oid) > 1024 * 1024
          order by pg_total_relation_size(c.oid) desc`,
      );
      write('\n| table | rows (estimate) | total size |\n|---|---|---|');
      for (const row of sizes)
        write(`| ${row.name} | ${Number(row.rows).toLocaleString('en')} | ${row.size} |`);
      const { rows: total } = await client.query<{ size: string }>(
        `select pg_size_pretty(pg_database_size(current_database())) as size`,
      );
      write(`| (the whole database) | | ${total[0]!.size} |`);
    } finally {
      await client.end();
    }
    if (verify) await verifySchema(admin, write);
    await admin.query(`comment on database "${LARGE_DATABASE}" is ${quote(completeMark())}`);
    write(`\n${LARGE_DATABASE} prepared in ${seconds(started)} (${completeMark()}).`);
  } finally {
    await admin.end();
  }
}

/** The schema of the large database against a freshly migrated one's, without the data. */
async function verifySchema(admin: pg.Client, write: (line: string) => void) {
  const fresh = `${LARGE_DATABASE}_schema`;
  await admin.query(`drop database if exists "${fresh}" with (force)`);
  await admin.query(`create database "${fresh}"`);
  try {
    const database = await openDatabase({ kind: 'server', url: databaseUrl(fresh), poolSize: 1 });
    await migrateDatabase(database);
    await database.close();
    const dump = (name: string) => {
      const result = spawnSync('pg_dump', ['--schema-only', '--no-owner', databaseUrl(name)], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      if (result.status !== 0) throw new Error(`pg_dump ${name}: ${result.stderr}`);
      return result.stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\restrict') && !line.startsWith('\\unrestrict'));
    };
    const [large, migrated] = [dump(LARGE_DATABASE), dump(fresh)];
    const differing = large.filter((line, i) => line !== migrated[i]);
    if (large.length !== migrated.length || differing.length > 0) {
      throw new Error(
        `The schema of ${LARGE_DATABASE} differs from a freshly migrated one: ${differing.slice(0, 5).join(' / ')}`,
      );
    }
    write(
      `Schema: the same as a freshly migrated database's (pg_dump --schema-only, ${large.length} lines).`,
    );
  } finally {
    await admin.query(`drop database if exists "${fresh}" with (force)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scale = process.argv.includes('--scale')
    ? process.argv[process.argv.indexOf('--scale') + 1]
    : undefined;
  if (scale !== 'large') {
    console.error(
      'npm run bench:prepare -- --scale large: makes the large data set of issue 46 (the small one is made by every run of npm run bench).',
    );
    process.exitCode = 2;
  } else {
    await prepareLarge({ verify: !process.argv.includes('--no-verify') });
  }
}
