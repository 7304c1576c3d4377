import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { invitations, locationAssignments, locations } from '../../src/db/schema.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

export type Caller = 'anonymous' | 'member' | 'admin' | 'superadmin' | 'outsider' | 'disabled';
export const CALLERS: Caller[] = [
  'anonymous',
  'member',
  'admin',
  'superadmin',
  'outsider',
  'disabled',
];
export type ObjectKind = 'own' | 'foreign' | 'random';

/** What a request can name: a practice, a location and a person in it (an invitee too). */
export interface Objects {
  practice: string;
  location: string;
  person: string;
  invitee: string;
}

/** Who calls (their id and address) and what each object kind is for this world. */
export interface World {
  emails: Record<Exclude<Caller, 'anonymous'>, string>;
  ids: Record<Exclude<Caller, 'anonymous'>, string>;
  objects: Record<ObjectKind, Objects>;
}

async function invite(db: Db, companyId: string, invitedBy: string) {
  const email = uniqueEmail('eingeladen');
  const invitee = await createCustomer(db, {
    email,
    practices: [{ companyId, status: 'invited' }],
  });
  await db.insert(invitations).values({
    companyId,
    customerId: invitee.id,
    invitedBy,
    email,
    role: 'member',
    tokenHash: randomUUID(),
    expiresAt: sql`now() + interval '7 days'`,
  });
  return invitee.id;
}

/**
 * Two practices: P with a superadmin, an admin, a member (assigned to P's location), a disabled
 * member and an invitee; Q, someone else's, with its superadmin (the outsider to P), a location
 * and an invitee. Every row of the matrix runs in a world of its own.
 */
export async function createWorld(db: Db): Promise<World> {
  const email = (name: string) => uniqueEmail(name);
  const emails = {
    superadmin: email('s'),
    admin: email('a'),
    member: email('m'),
    disabled: email('d'),
    outsider: email('o'),
  };
  const superadmin = await createCustomer(db, { email: emails.superadmin });
  const p = await createPractice(db, { superadminId: superadmin.id, postalCode: '10115' });
  const outsider = await createCustomer(db, { email: emails.outsider });
  const q = await createPractice(db, { superadminId: outsider.id, postalCode: '20095' });
  const admin = await createCustomer(db, {
    email: emails.admin,
    practices: [{ companyId: p.id, role: 'admin' }],
  });
  const member = await createCustomer(db, {
    email: emails.member,
    practices: [{ companyId: p.id }],
  });
  const disabled = await createCustomer(db, {
    email: emails.disabled,
    practices: [{ companyId: p.id, status: 'disabled' }],
  });
  const other = await createCustomer(db, { email: email('q'), practices: [{ companyId: q.id }] });
  const [lp] = await db
    .insert(locations)
    .values({ companyId: p.id, name: 'Standort P', postalCode: '10115', city: 'Berlin' })
    .returning();
  const [lq] = await db
    .insert(locations)
    .values({ companyId: q.id, name: 'Standort Q', postalCode: '20095', city: 'Hamburg' })
    .returning();
  await db
    .insert(locationAssignments)
    .values({ locationId: lp!.id, customerId: member.id, companyId: p.id });
  return {
    emails,
    ids: {
      superadmin: superadmin.id,
      admin: admin.id,
      member: member.id,
      disabled: disabled.id,
      outsider: outsider.id,
    },
    objects: {
      own: {
        practice: p.id,
        location: lp!.id,
        person: member.id,
        invitee: await invite(db, p.id, superadmin.id),
      },
      foreign: {
        practice: q.id,
        location: lq!.id,
        person: other.id,
        invitee: await invite(db, q.id, outsider.id),
      },
      random: {
        practice: randomUUID(),
        location: randomUUID(),
        person: randomUUID(),
        invitee: randomUUID(),
      },
    },
  };
}
