import { calls } from '@pp/contract';
import { deleteAccount } from '@pp/idp';
import { noteClosedIdentity } from '../../lib/account-deletion/closed-identity.ts';
import { confirmOwner } from '../../lib/account-deletion/confirm-owner.ts';
import { deletePractices, practicesOnDeletion } from '../../lib/account-deletion/practices-left.ts';
import {
  pseudonymiseAudit,
  removeCustomer,
  removeMailsTo,
} from '../../lib/account-deletion/pseudonymise.ts';
import { providerAccountPage } from '../../lib/account-security/account-security.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { identitiesOf } from '../../lib/customers/customer-store.ts';
import { enqueueMail, mailSiteOf } from '../../mail/outbox.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Deletes the caller's account (issue 26, decision 0078): after the owner's confirmation, in one
 * transaction, the memberships end (and the practices named that may go with it), the audit
 * entries about the person are pseudonymised, the person's row goes with what hangs on it, the
 * embedded provider's account goes with its sessions, and a mail confirms it to the old address.
 */
export default defineRoute(calls.customerDeleteAccount, async (request) => {
  const { config, db } = request.server;
  const customer = request.customer;
  await confirmOwner(request, customer.email, request.body);
  const embedded = config.oidc.embedded;
  await db.transaction(async (tx) => {
    const { ended, deleted } = await practicesOnDeletion(
      tx,
      customer.id,
      request.body.deletePractices ?? [],
    );
    const pseudonym = await pseudonymiseAudit(tx, customer.id);
    for (const practice of ended) {
      await audit(tx, {
        actorCustomerId: pseudonym,
        action: 'employee.account_deleted',
        entity: 'membership',
        entityId: pseudonym,
        companyId: practice.companyId,
      });
    }
    for (const practice of deleted) {
      await audit(tx, {
        actorCustomerId: pseudonym,
        action: 'company.deleted_with_account',
        entity: 'company',
        entityId: practice.companyId,
        companyId: practice.companyId,
      });
    }
    for (const identity of await identitiesOf(tx, customer.id)) {
      await noteClosedIdentity(tx, pseudonym, identity);
    }
    await deletePractices(tx, deleted);
    await removeCustomer(tx, customer.id);
    if (embedded) await deleteAccount(tx, customer.email);
    const mail = await enqueueMail(
      tx,
      {
        to: customer.email,
        language: customer.preferredLanguage,
        actorCustomerId: null,
        template: 'account-deleted',
        params: {
          practices: deleted.map((practice) => practice.name),
          providerAccountClosed: embedded,
        },
      },
      mailSiteOf(config),
    );
    await removeMailsTo(tx, customer.email, mail.id);
    await audit(tx, {
      actorCustomerId: pseudonym,
      action: 'customer.deleted',
      entity: 'customer',
      entityId: pseudonym,
    });
  });
  return {
    status: 'deleted' as const,
    providerAccountClosed: embedded,
    providerAccountUrl: providerAccountPage(config),
  };
});
