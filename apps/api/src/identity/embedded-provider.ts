import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { IdentityProviderOptions, IdpDb, IdpLogger } from '@pp/idp';
import { absoluteLogoUrl } from '../config/web.ts';
import type { Config } from '../config.ts';
import { companies, customers, identityLinks, memberships } from '../db/schema.ts';
import { serverTimeouts } from '../lib/http/server-timeouts.ts';
import { trustProxyOption } from '../lib/http/trust-proxy.ts';
import { prohibitedAliasesOf } from '../lib/reference-data/prohibited-aliases.ts';
import { mailSiteOf } from '../mail/outbox.ts';
import { providerMailer } from './provider-mailer.ts';

/**
 * The first practice (by name) of the provider's account that requires a second factor, where
 * the account's customer has an enabled membership: the customer linked to this issuer with the
 * account as subject, or — before the first sign-in linked them — the customer with the
 * account's address, as that first sign-in will link. The provider asks for the setup at
 * sign-in (decision 0074); the api refuses the practice's data without one either way (0069).
 */
export function secondFactorRequiredBy(issuer: string) {
  return async (db: IdpDb, account: { id: string; email: string }): Promise<string | undefined> => {
    const linked = db
      .select({ customerId: identityLinks.customerId })
      .from(identityLinks)
      .where(and(eq(identityLinks.issuer, issuer), eq(identityLinks.subject, account.id)));
    const [row] = await db
      .select({ name: companies.name })
      .from(customers)
      .innerJoin(memberships, eq(memberships.customerId, customers.id))
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(
        and(
          or(
            inArray(customers.id, linked),
            // Both keep addresses in the same normal form (lower case, docs/product.md).
            eq(customers.email, account.email),
          ),
          eq(memberships.status, 'enabled'),
          eq(companies.requiresSecondFactor, true),
        ),
      )
      .orderBy(asc(companies.name))
      .limit(1);
    return row?.name;
  };
}

/**
 * The key of the authenticator secrets (decision 0066): `TOTP_ENCRYPTION_KEY`, else the one the
 * provider generates per database (never in production, decision 0098). Outside production what
 * an earlier version stored under its fixed development key still reads.
 */
export function secondFactorKeyOptions(config: Config) {
  return {
    totpEncryptionKey: config.totpEncryptionKey ?? undefined,
    readsOldDevelopmentKey: config.env !== 'production',
  };
}

/**
 * The embedded provider's options from the api's configuration, on the api's database: its
 * outbox as the mailer, its prohibited aliases, its proxies and timeouts, its practices'
 * second-factor requirement. `main.ts` and the tests wire the provider the same way.
 */
export function embeddedProviderOptions(
  config: Config,
  db: IdpDb,
  logger: IdpLogger,
): IdentityProviderOptions {
  const logoUrl = config.logoUrl ? absoluteLogoUrl(config) : undefined;
  return {
    db,
    issuer: config.oidc.issuer,
    client: { clientId: config.oidc.clientId, webOrigin: config.publicUrl.origin },
    audience: config.oidc.audience,
    apiScope: config.oidc.apiScope,
    ...(config.imprintUrl ? { imprintUrl: config.imprintUrl } : {}),
    ...(config.privacyUrl ? { privacyUrl: config.privacyUrl } : {}),
    ...(config.portalName ? { portalName: config.portalName } : {}),
    ...(logoUrl ? { logoUrl } : {}),
    logger,
    mailer: providerMailer(mailSiteOf(config)),
    prohibitedAliases: prohibitedAliasesOf,
    secondFactorRequiredBy: secondFactorRequiredBy(config.oidc.issuer),
    ...secondFactorKeyOptions(config),
    // Fastify's trustProxy, as for the api: the same proxies count (decision 0016).
    trustProxy: trustProxyOption(config.trustProxy),
    // The api's request, header and keep-alive timeouts (decision 0022).
    serverTimeouts: serverTimeouts(config.requestTimeoutSeconds),
  };
}
