import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { picklistValues } from '../../apps/api/src/db/schema.ts';
import {
  createCustomer,
  createPractice,
  uniqueEmail,
} from '../../apps/api/test/support/factories.ts';
import type { TestIssuer } from '../../apps/api/test/support/issuer.ts';

/** A superadmin of a practice of their own, signed in with a token of the suite's issuer. */
export interface LoadUser {
  customerId: string;
  companyId: string;
  email: string;
  /** A current access token (renewed before it runs out). */
  token(): Promise<string>;
}

export interface LoadFixtures {
  users: LoadUser[];
  /** Codes the newsletter preferences choose from. */
  distributors: string[];
  interests: string[];
}

const TOKEN_SECONDS = 300;
/** The portal's client in both scenarios (`OIDC_CLIENT_ID`): tokens of another are refused. */
const SUITE_CLIENT_ID = 'fault-suite';

function tokenSource(issuer: TestIssuer, email: string): () => Promise<string> {
  let current: { token: string; until: number } | undefined;
  return async () => {
    if (!current || Date.now() > current.until) {
      const token = await issuer.tokenFor(email, {
        expiresIn: TOKEN_SECONDS,
        extra: { client_id: SUITE_CLIENT_ID },
      });
      current = { token, until: Date.now() + (TOKEN_SECONDS - 60) * 1000 };
    }
    return current.token;
  };
}

async function codes(db: Db, list: 'newsletterDistributor' | 'newsletterInterests') {
  const rows = await db
    .select({ code: picklistValues.code })
    .from(picklistValues)
    .where(eq(picklistValues.list, list))
    .orderBy(asc(picklistValues.code));
  return rows.map((row) => row.code);
}

/**
 * Customers and practices written directly to the database, each customer linked to an identity
 * of the suite's issuer, so the load needs no sign-in. Every user has a practice of their own:
 * the mail limits per account and per practice hold for each separately.
 */
export async function createLoadFixtures(
  db: Db,
  issuer: TestIssuer,
  count: number,
): Promise<LoadFixtures> {
  const users: LoadUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = uniqueEmail(`load${i}`);
    const customer = await createCustomer(db, {
      email,
      firstName: `Last${i}`,
      identity: { issuer: issuer.issuer, subject: `sub-${email}` },
    });
    const practice = await createPractice(db, { superadminId: customer.id });
    users.push({
      customerId: customer.id,
      companyId: practice.id,
      email,
      token: tokenSource(issuer, email),
    });
  }
  return {
    users,
    distributors: await codes(db, 'newsletterDistributor'),
    interests: await codes(db, 'newsletterInterests'),
  };
}
