import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API_BASE } from '@pp/contract';
import {
  portalDataverseSettings,
  startDataverseStandIn,
  type DataverseStandIn,
} from '@pp/dataverse-stand-in';
import type { Db } from '../../apps/api/src/db/client.ts';
import type { LoadUser } from './fixtures.ts';
import { send, type Answers } from './http-client.ts';
import { acceptableFinalValues, type Ledger } from './ledger.ts';
import { sleep } from './processes.ts';

// The CRM part of the server scenario (issue 24): the instances keep their records in a stand-in
// Dataverse of the suite's own, which goes away for two minutes and then answers 429 for a
// minute while the load runs. Reads and writes must go on; afterwards every acknowledged write
// must be in the stand-in once, in order per record, and a 412 must merge (decision 0061).

/** How long the stand-in is away, and how long it then answers every request with 429. */
export const CRM_SUSPEND_MS = 120_000;
export const CRM_THROTTLE_MS = 60_000;
/**
 * The outbox must be empty this long after the load ended. The suite's load writes about 140
 * times a second, so three minutes of the CRM away or busy leave some 25,000 writes; two
 * instances send about 300 a second (measured 2026-11-26), so about 90 s.
 */
export const CRM_DRAIN_TARGET_MS = 120_000;
/**
 * The outbox backs off up to 5 minutes and honours the 60 s Retry-After of the throttle; waiting
 * that out would add minutes to CI. After this long, the waiting writes are made due at once (as
 * the api's tests do): time passes, nothing else changes.
 */
const MAKE_DUE_AFTER_MS = 5_000;

export interface CrmStandIn {
  standIn: DataverseStandIn;
  /** The settings of the api instances. */
  env: Record<string, string>;
  operatorToken: string;
}

export async function startCrmStandIn(): Promise<CrmStandIn> {
  // Empty: the fixtures reach it through the outbox. `seen` keeps every request of the run.
  const standIn = await startDataverseStandIn({ port: 0, demo: false, seenLimit: 2_000_000 });
  const operatorToken = randomBytes(24).toString('hex');
  return {
    standIn,
    operatorToken,
    env: {
      ...portalDataverseSettings(standIn.url),
      // Several sync rounds (change tracking) during the faults, not one a minute.
      CRM_SYNC_SECONDS: '10',
      // The stand-in has no service protection limits of its own but its throttle, and the
      // suite drains some 25,000 writes within two minutes: far above the 900 requests a
      // minute that keep a real environment within them.
      DATAVERSE_REQUESTS_PER_MINUTE: '0',
      OPERATOR_TOKEN: operatorToken,
    },
  };
}

/** A period in which something was away: [from, to] in ms since the epoch. */
export type Window = { name: string; from: number; to: number };

/**
 * The stand-in away for {@link CRM_SUSPEND_MS}, then answering 429 for {@link CRM_THROTTLE_MS}.
 * Resolves with the two windows once the throttle is over.
 */
export async function runCrmFaults(standIn: DataverseStandIn, delayMs: number): Promise<Window[]> {
  await sleep(delayMs);
  const suspended = Date.now();
  await standIn.suspend();
  await sleep(CRM_SUSPEND_MS);
  await standIn.resume();
  const throttled = Date.now();
  standIn.setThrottle({ seconds: CRM_THROTTLE_MS / 1000 });
  await sleep(CRM_THROTTLE_MS);
  standIn.setThrottle(null);
  return [
    { name: `CRM away ${CRM_SUSPEND_MS / 1000} s`, from: suspended, to: throttled },
    { name: `CRM answering 429 ${CRM_THROTTLE_MS / 1000} s`, from: throttled, to: Date.now() },
  ];
}

interface OperatorView {
  state: string;
  outbox: { waiting: number; oldestWaitingAt: string | null; parked: number };
}

async function operatorView(instanceUrl: string, token: string): Promise<OperatorView> {
  const response = await fetch(`${instanceUrl}/operator/crm`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(5_000),
  });
  if (response.status !== 200) throw new Error(`GET /operator/crm answered ${response.status}`);
  return (await response.json()) as OperatorView;
}

/** Lets the outbox's backoff pass: every waiting write is due now. Returns how many waited. */
async function makeDue(db: Db): Promise<number> {
  const result = await db.execute(
    sql`update crm_outbox set next_attempt_at = now()
        where status = 'waiting' and next_attempt_at > now() returning id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export interface CrmDrain {
  /** Milliseconds until `GET /operator/crm` showed no waiting write, or undefined. */
  ms: number | undefined;
  /** Waiting writes made due at once (their backoff cut short), in total. */
  madeDue: number;
  waitingAtStart: number;
  last: OperatorView | undefined;
}

/**
 * Waits (at most `timeoutMs`) until the operator endpoint of `instanceUrl` shows an empty outbox;
 * after {@link MAKE_DUE_AFTER_MS}, and again every few seconds, the backoff is cut short.
 */
export async function waitForCrmOutbox(
  db: Db,
  instanceUrl: string,
  token: string,
  timeoutMs: number,
): Promise<CrmDrain> {
  const started = Date.now();
  const drain: CrmDrain = { ms: undefined, madeDue: 0, waitingAtStart: -1, last: undefined };
  let dueAt = started + MAKE_DUE_AFTER_MS;
  while (Date.now() - started < timeoutMs) {
    drain.last = await operatorView(instanceUrl, token).catch(() => undefined);
    if (drain.last && drain.waitingAtStart < 0) drain.waitingAtStart = drain.last.outbox.waiting;
    if (drain.last && drain.last.outbox.waiting === 0) {
      drain.ms = Date.now() - started;
      return drain;
    }
    if (Date.now() > dueAt) {
      drain.madeDue += await makeDue(db);
      dueAt = Date.now() + MAKE_DUE_AFTER_MS;
    }
    await sleep(250);
  }
  return drain;
}

/** What the clients saw while the CRM was away or busy, apart from the other faults. */
export interface CrmWindowCheck {
  name: string;
  reads: number;
  readsOk: number;
  writes: number;
  writesAcked: number;
  /** Not 2xx, but inside another fault's window (a database restart, a killed instance). */
  explained: number;
  /** Not 2xx outside every other fault's window: the CRM's doing. */
  unexplained: string[];
}

export interface CrmCheck {
  windows: CrmWindowCheck[];
  /** 429 answers the stand-in gave the portal, and requests it saw in all. */
  throttledAnswers: number;
  standInRequests: number;
  drain: CrmDrain;
  phones: {
    acknowledged: number;
    /** Acknowledged values PATCHed to the stand-in exactly once. */
    once: number;
    missing: string[];
    duplicated: string[];
    outOfOrder: string[];
    /** The contact's final phone number is not the last acknowledged one. */
    wrongFinal: string[];
  };
  locations: { acknowledged: number; once: number; missing: string[]; duplicated: string[] };
  merge: { ok: boolean; details: string };
  problems: string[];
}

/** Whether `at` falls in one of `windows`, with a margin for answers on their way. */
const inside = (at: number, windows: Window[], marginMs = 1_500) =>
  windows.some((w) => at >= w.from - marginMs && at <= w.to + marginMs);

export function checkCrmWindows(
  answers: Answers,
  crmWindows: Window[],
  otherFaults: Window[],
): CrmWindowCheck[] {
  return crmWindows.map((window) => {
    const check: CrmWindowCheck = {
      name: window.name,
      reads: 0,
      readsOk: 0,
      writes: 0,
      writesAcked: 0,
      explained: 0,
      unexplained: [],
    };
    for (const a of answers.timeline) {
      if (a.at < window.from || a.at > window.to) continue;
      const ok = typeof a.answer === 'number' && a.answer >= 200 && a.answer < 300;
      const read = a.request.startsWith('GET ');
      if (read) check.reads += 1;
      else check.writes += 1;
      if (ok) {
        if (read) check.readsOk += 1;
        else check.writesAcked += 1;
      } else if (inside(a.at, otherFaults)) {
        check.explained += 1;
      } else {
        check.unexplained.push(`${a.request} answered ${a.answer} at +${a.at - window.from} ms`);
      }
    }
    return check;
  });
}

const CONTACT_PATH = /^\/api\/data\/v9\.2\/contacts\(([0-9a-f-]{36})\)$/;

/** The CRM keys of the portal's customers. */
async function contactIds(db: Db): Promise<Map<string, string>> {
  const result = await db.execute(
    sql`select portal_key, crm_id from crm_links where entity = 'customer'`,
  );
  const rows = (result as unknown as { rows: { portal_key: string; crm_id: string }[] }).rows;
  return new Map(rows.map((r) => [r.portal_key, r.crm_id]));
}

/**
 * Every acknowledged phone number of the ledger against the stand-in's requests: PATCHed with
 * success exactly once, in the order acknowledged, and the contact's final value the last
 * acknowledged one (or a later one whose answer the client never saw). Every acknowledged
 * location is in the stand-in once.
 */
export async function verifyCrmWrites(
  db: Db,
  standIn: DataverseStandIn,
  ledger: Ledger,
  companyIds: string[],
): Promise<Pick<CrmCheck, 'phones' | 'locations'>> {
  const ids = await contactIds(db);
  const patched = new Map<string, string[]>();
  for (const request of standIn.seen) {
    const id = CONTACT_PATH.exec(request.path)?.[1];
    const status = request.status ?? 0;
    if (!id || request.method !== 'PATCH' || status < 200 || status >= 300) continue;
    const phone = (request.body as { telephone1?: unknown } | undefined)?.telephone1;
    if (typeof phone === 'string') patched.set(id, [...(patched.get(id) ?? []), phone]);
  }

  const phones: CrmCheck['phones'] = {
    acknowledged: 0,
    once: 0,
    missing: [],
    duplicated: [],
    outOfOrder: [],
    wrongFinal: [],
  };
  const byCustomer = new Map<string, ReturnType<typeof ledger.of<'phone'>>>();
  for (const a of ledger.of('phone'))
    byCustomer.set(a.customerId, [...(byCustomer.get(a.customerId) ?? []), a]);
  for (const [customerId, attempts] of byCustomer) {
    const contactId = ids.get(customerId);
    const acked = attempts.filter((a) => a.outcome === 'acked');
    phones.acknowledged += acked.length;
    if (!contactId) {
      phones.missing.push(`no contact for customer ${customerId} (${acked.length} writes)`);
      continue;
    }
    const sent = patched.get(contactId) ?? [];
    const counts = new Map<string, number>();
    for (const value of sent) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const [value, n] of counts) {
      if (n > 1) phones.duplicated.push(`${value} PATCHed ${n} times to contact ${contactId}`);
    }
    let previous = -1;
    for (const a of acked) {
      const n = counts.get(a.phone) ?? 0;
      if (n === 0) phones.missing.push(`${a.phone} of contact ${contactId}`);
      if (n === 1) phones.once += 1;
      const position = sent.indexOf(a.phone);
      if (position >= 0 && position < previous) {
        phones.outOfOrder.push(
          `${a.phone} of contact ${contactId} PATCHed before an earlier write`,
        );
      }
      if (position >= 0) previous = position;
    }
    const allowed = acceptableFinalValues(
      attempts.map((a) => ({ outcome: a.outcome, value: a.phone })),
    );
    const final = standIn.record('contacts', contactId)?.['telephone1'];
    if (allowed.length > 0 && !allowed.includes(String(final))) {
      phones.wrongFinal.push(
        `contact ${contactId}: ${String(final)}, last acknowledged ${allowed[0]}`,
      );
    }
  }

  const companies = new Set(companyIds);
  const stored = new Map<string, number>();
  for (const row of standIn.table('pp_locations')) {
    const key = `${String(row['_pp_accountid_value'])}|${String(row['pp_name'])}`;
    stored.set(key, (stored.get(key) ?? 0) + 1);
  }
  const accounts = await db.execute(
    sql`select portal_key, crm_id from crm_links where entity = 'practice'`,
  );
  const accountOf = new Map(
    (accounts as unknown as { rows: { portal_key: string; crm_id: string }[] }).rows.map((r) => [
      r.portal_key,
      r.crm_id,
    ]),
  );
  const locations: CrmCheck['locations'] = {
    acknowledged: 0,
    once: 0,
    missing: [],
    duplicated: [],
  };
  for (const a of ledger.of('location').filter((a) => a.outcome === 'acked')) {
    if (!companies.has(a.companyId)) continue;
    locations.acknowledged += 1;
    const n = stored.get(`${accountOf.get(a.companyId)}|${a.name}`) ?? 0;
    if (n === 1) locations.once += 1;
    else if (n === 0) locations.missing.push(`location "${a.name}"`);
    else locations.duplicated.push(`location "${a.name}" ${n} times`);
  }
  return { phones, locations };
}

/**
 * A 412 that merges: the person's phone number waits in the outbox while the stand-in is away,
 * a CRM user changes the first name meanwhile; once the stand-in is back the push meets a 412,
 * re-reads and sends the phone number only. Both changes must be in the contact, and the
 * portal must show the CRM's first name.
 */
export async function checkMerge(
  db: Db,
  standIn: DataverseStandIn,
  answers: Answers,
  proxyUrl: string,
  instanceUrl: string,
  operatorToken: string,
  user: LoadUser,
): Promise<CrmCheck['merge'] & { drain: CrmDrain }> {
  const contactId = (await contactIds(db)).get(user.customerId);
  const fail = (details: string) => ({
    ok: false,
    details,
    drain: { ms: undefined, madeDue: 0, waitingAtStart: -1, last: undefined },
  });
  if (!contactId) return fail(`no contact for ${user.customerId}`);
  const phone = `+49 30 412${Date.now() % 1e6}`;
  const firstName = `Crm${Date.now() % 1e6}`;
  const seenBefore = standIn.seen.length;
  await standIn.suspend();
  const reply = await send(answers, `${proxyUrl}${API_BASE}/Customer/UpdateCustomerData`, {
    method: 'PATCH',
    token: await user.token(),
    body: { phone },
  });
  standIn.edit('contacts', contactId, { firstname: firstName });
  await standIn.resume();
  if (reply.answer !== 200) return fail(`the phone change answered ${reply.answer}`);
  const drain = await waitForCrmOutbox(db, instanceUrl, operatorToken, 30_000);
  const contact = standIn.record('contacts', contactId);
  const conflicts = standIn.seen
    .slice(seenBefore)
    .filter((r) => r.method === 'PATCH' && CONTACT_PATH.test(r.path) && r.status === 412).length;
  const profile = await send(answers, `${proxyUrl}${API_BASE}/Customer/GetCustomerData`, {
    method: 'GET',
    token: await user.token(),
  });
  const shown = (profile.body as { firstName?: unknown } | undefined)?.firstName;
  const audited = await db.execute(
    sql`select count(*)::int as n from audit_log
        where action = 'crm.write.conflict' and entity_id = ${user.customerId}`,
  );
  const audits = (audited as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  const ok =
    contact?.['telephone1'] === phone &&
    contact['firstname'] === firstName &&
    conflicts > 0 &&
    shown === firstName &&
    audits > 0;
  return {
    ok,
    drain,
    details:
      `412 answers: ${conflicts}; contact: telephone1 ${String(contact?.['telephone1'])} (sent ${phone}), ` +
      `firstname ${String(contact?.['firstname'])} (CRM's ${firstName}); portal shows ${String(shown)}; ` +
      `crm.write.conflict audit entries: ${audits}`,
  };
}

export function crmProblems(check: Omit<CrmCheck, 'problems'>): string[] {
  const problems: string[] = [];
  for (const w of check.windows) {
    if (w.unexplained.length > 0) {
      problems.push(
        `${w.name}: ${w.unexplained.length} requests failed outside the other faults, e.g. ${w.unexplained.slice(0, 5).join('; ')}`,
      );
    }
    if (w.reads === 0 || w.writesAcked === 0)
      problems.push(`${w.name}: no reads or no acknowledged writes in the window`);
  }
  if (check.throttledAnswers === 0) problems.push('the stand-in never answered 429');
  if (check.drain.ms === undefined || check.drain.ms > CRM_DRAIN_TARGET_MS) {
    problems.push(
      `the CRM outbox was not empty within ${CRM_DRAIN_TARGET_MS / 1000} s (${check.drain.last?.outbox.waiting ?? '?'} waiting, ${check.drain.last?.outbox.parked ?? '?'} parked)`,
    );
  }
  if (check.drain.last && check.drain.last.outbox.parked > 0)
    problems.push(`${check.drain.last.outbox.parked} CRM writes parked`);
  const p = check.phones;
  const list = (what: string, items: string[]) =>
    items.length > 0 ? [`${items.length} ${what}: ${items.slice(0, 5).join('; ')}`] : [];
  problems.push(
    ...list('acknowledged phone numbers not in the stand-in', p.missing),
    ...list('phone numbers PATCHed more than once', p.duplicated),
    ...list('phone numbers PATCHed out of order', p.outOfOrder),
    ...list('contacts with a final phone number not the last acknowledged', p.wrongFinal),
    ...list('acknowledged locations not in the stand-in', check.locations.missing),
    ...list('locations in the stand-in more than once', check.locations.duplicated),
  );
  if (!check.merge.ok) problems.push(`the 412 did not merge: ${check.merge.details}`);
  return problems;
}
