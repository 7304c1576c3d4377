import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import {
  auditLog,
  customers,
  invitations,
  locations,
  newsletterConfirmations,
} from '../../apps/api/src/db/schema.ts';
import type { LoadFixtures } from './fixtures.ts';
import { acceptableFinalValues, type Ledger, type NewsletterChoice } from './ledger.ts';

export interface WriteCheck {
  acknowledged: number;
  found: number;
  /** Acknowledged writes the database does not hold, described for the report. */
  missing: string[];
}

const choiceKey = (c: NewsletterChoice) =>
  `${c.subscribed}|${[...c.distributors].sort().join(',')}|${[...c.interests].sort().join(',')}`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Compares every acknowledged write of the ledger with the database: each created location and
 * invitation exists; each acknowledged newsletter choice asked for its confirmation (decision
 * 0077: the load's users never confirm, so every choice widens theirs, and each acknowledged one
 * wrote a `newsletter.confirmation_requested` entry and its mail); the stored phone number and
 * the choice waiting for confirmation are the last acknowledged ones (or a later write of unknown
 * outcome).
 */
export async function verifyWrites(
  db: Db,
  ledger: Ledger,
  fixtures: LoadFixtures,
): Promise<WriteCheck> {
  const customerIds = fixtures.users.map((u) => u.customerId);
  const companyIds = fixtures.users.map((u) => u.companyId);
  const check: WriteCheck = { acknowledged: ledger.acknowledged(), found: 0, missing: [] };
  const expect = (ok: boolean, what: string) =>
    ok ? (check.found += 1) : check.missing.push(what);

  const storedLocations = await db
    .select({ c: locations.companyId, name: locations.name })
    .from(locations)
    .where(inArray(locations.companyId, companyIds));
  const locationKeys = new Set(storedLocations.map((l) => `${l.c}|${l.name}`));
  for (const a of ledger.of('location').filter((a) => a.outcome === 'acked')) {
    expect(
      locationKeys.has(`${a.companyId}|${a.name}`),
      `location "${a.name}" (answered ${a.answer})`,
    );
  }

  const storedInvitations = await db
    .select({ c: invitations.companyId, email: invitations.email })
    .from(invitations)
    .where(inArray(invitations.companyId, companyIds));
  const invitationKeys = new Set(storedInvitations.map((i) => `${i.c}|${i.email}`));
  for (const a of ledger.of('invitation').filter((a) => a.outcome === 'acked')) {
    expect(invitationKeys.has(`${a.companyId}|${a.email}`), `invitation of ${a.email}`);
  }

  const requests = await db
    .select({ customerId: auditLog.actorCustomerId, requests: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'newsletter.confirmation_requested'),
        inArray(auditLog.actorCustomerId, customerIds),
      ),
    )
    .groupBy(auditLog.actorCustomerId);
  const waiting = await db
    .select()
    .from(newsletterConfirmations)
    .where(
      and(
        inArray(newsletterConfirmations.customerId, customerIds),
        isNull(newsletterConfirmations.confirmedAt),
      ),
    );
  const phones = await db
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(inArray(customers.id, customerIds));

  for (const [customerId, attempts] of groupBy(ledger.of('preferences'), (a) => a.customerId)) {
    // Each acknowledged choice not sent before left its entry: one sent before may still be the
    // one waiting, which saving again leaves alone. Writes of unknown outcome may add entries.
    const sent = new Set<string>();
    let asked = 0;
    for (const a of attempts) {
      const key = choiceKey(a.choice);
      if (a.outcome === 'acked' && !sent.has(key)) asked += 1;
      if (a.outcome !== 'refused') sent.add(key);
    }
    const recorded = requests.find((r) => r.customerId === customerId)?.requests ?? 0;
    const acked = attempts.filter((a) => a.outcome === 'acked').length;
    check.found += recorded >= asked ? acked : acked - (asked - recorded);
    for (let i = recorded; i < asked; i += 1) {
      check.missing.push(`newsletter request of ${customerId} (${asked} asked for, ${recorded})`);
    }
    const allowed = acceptableFinalValues(
      attempts.map((a) => ({ outcome: a.outcome, value: choiceKey(a.choice) })),
    );
    const pending = waiting.find((c) => c.customerId === customerId);
    const stored = pending ? choiceKey({ subscribed: true, ...pending }) : 'none';
    if (allowed.length > 0 && !allowed.includes(stored)) {
      check.missing.push(
        `newsletter choice of ${customerId}: waiting ${stored}, last acknowledged ${allowed[0]}`,
      );
    }
  }

  for (const [customerId, attempts] of groupBy(ledger.of('phone'), (a) => a.customerId)) {
    const allowed = acceptableFinalValues(
      attempts.map((a) => ({ outcome: a.outcome, value: a.phone })),
    );
    const stored = phones.find((p) => p.id === customerId)?.phone ?? null;
    const acked = attempts.filter((a) => a.outcome === 'acked').length;
    // The last one is stored (or overwritten by a later write); the earlier ones were overwritten.
    if (allowed.length === 0 || allowed.includes(stored ?? '')) check.found += acked;
    else
      check.missing.push(
        `phone of ${customerId}: stored ${stored}, last acknowledged ${allowed[0]}`,
      );
  }
  return check;
}
