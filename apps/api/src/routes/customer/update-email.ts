import { calls, FieldErrorCode, usesProhibitedAlias } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import {
  dropPendingChanges,
  isEmailTaken,
  recordEmailChange,
} from '../../lib/customers/email-change.ts';
import { newLinkSecret } from '../../lib/mail-links/link-secrets.ts';
import { prohibitedAliasesOf } from '../../lib/reference-data/prohibited-aliases.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { enqueueMail, mailSiteOf } from '../../mail/outbox.ts';
import { assertMailQuota } from '../../mail/quota.ts';
import { defineRoute } from '../../routing/route.ts';

const refuse = (code: FieldErrorCode) => ApiError.badRequest([{ field: 'query.newEmail', code }]);

/**
 * Answers the same whether or not the new address is taken (docs/product.md §4): only the mails
 * differ. The mail limits are checked before anything is looked up, so a refusal tells nothing
 * either.
 */
export default defineRoute(calls.customerUpdateEmail, async (request) => {
  const { db, config } = request.server;
  const identity = request.server.requireIdentity();
  const customer = request.customer;
  const newEmail = request.query.newEmail;
  if (newEmail === customer.email) throw refuse(FieldErrorCode.unchanged);
  if (usesProhibitedAlias(newEmail, await prohibitedAliasesOf(db))) {
    throw refuse(FieldErrorCode.prohibitedAlias);
  }
  const site = mailSiteOf(config);
  const envelope = { language: customer.preferredLanguage, actorCustomerId: customer.id };
  const portal = new URL('/', config.publicUrl);
  await db.transaction(async (tx) => {
    await assertMailQuota(tx, { recipient: newEmail, actorCustomerId: customer.id });
    await assertMailQuota(tx, { recipient: customer.email, actorCustomerId: customer.id });
    await dropPendingChanges(tx, customer.id);
    if (await isEmailTaken(tx, identity, newEmail, customer.id)) {
      await enqueueMail(
        tx,
        { ...envelope, to: newEmail, template: 'email-in-use', params: { link: portal } },
        site,
      );
    } else {
      const { secret, hash } = newLinkSecret();
      await recordEmailChange(tx, { customerId: customer.id, newEmail, tokenHash: hash });
      const link = new URL(`/verify?hash=${secret}`, config.publicUrl);
      await enqueueMail(
        tx,
        { ...envelope, to: newEmail, template: 'email-verification', params: { link } },
        site,
      );
    }
    await enqueueMail(
      tx,
      {
        ...envelope,
        to: customer.email,
        template: 'email-changed-notice',
        params: { link: portal },
      },
      site,
    );
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.email_change_requested',
      entity: 'customer',
      entityId: customer.id,
    });
  });
  return { status: 'accepted' as const };
});
