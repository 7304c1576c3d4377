import { eq } from 'drizzle-orm';
import { calls, ErrorCode, FieldErrorCode, usesProhibitedAlias } from '@pp/contract';
import { customers, invitations, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayInviteAs } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { freshInvitation, sendInvitation } from '../../lib/employees/invitation.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { foreignLocations } from '../../lib/employees/practice-locations.ts';
import { languageOf } from '../../lib/http/language.ts';
import { unknownChoices } from '../../lib/reference-data/picklists.ts';
import { prohibitedAliasesOf } from '../../lib/reference-data/prohibited-aliases.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { assertMailQuota } from '../../mail/quota.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Answers the same whether or not the address has an account (docs/product.md §4), and never
 * changes an existing customer: what the inviter typed stays with the invitation.
 */
export default defineRoute(calls.employeeInviteEmployee, async (request) => {
  const { db, config } = request.server;
  const inviter = request.customer;
  const { companyId, email, role, locationIds, ...typed } = request.body;
  const errors = [
    ...(await unknownChoices(
      db,
      typed.salutation
        ? [{ field: 'body.salutation', list: 'salutation', value: typed.salutation }]
        : [],
    )),
    ...(await foreignLocations(db, companyId, locationIds)),
  ];
  if (usesProhibitedAlias(email, await prohibitedAliasesOf(db))) {
    errors.unshift({ field: 'body.email', code: FieldErrorCode.prohibitedAlias });
  }
  if (errors.length > 0) throw ApiError.badRequest(errors);

  await db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    assertMayInviteAs(await recheckRole(tx, inviter.id, companyId, 'admin'), role);
    // The limits before anything is looked up: a refusal must not depend on the address.
    await assertMailQuota(tx, { recipient: email, actorCustomerId: inviter.id, companyId });
    // Held until commit: an account deleted at the same time is gone before this reads it (a new
    // invitee is made) or waits for this invitation, which then goes with it (decision 0078).
    const [existing] = await tx
      .select()
      .from(customers)
      .where(eq(customers.email, email))
      .for('share');
    if (existing && (await membershipOf(tx, existing.id, companyId))) {
      throw new ApiError(409, ErrorCode.alreadyMember);
    }
    const language = existing?.preferredLanguage ?? languageOf(request);
    const invitee =
      existing ??
      (
        await tx
          .insert(customers)
          .values({ email, invitationOnly: true, preferredLanguage: language })
          .returning()
      )[0];
    if (!invitee) throw new Error('the invitee was not created');
    await tx
      .insert(memberships)
      .values({ customerId: invitee.id, companyId, role, status: 'invited' });
    const { link, ...secret } = freshInvitation(config);
    await tx.insert(invitations).values({
      companyId,
      customerId: invitee.id,
      invitedBy: inviter.id,
      email,
      role,
      typed: { ...typed, locationIds },
      ...secret,
    });
    await sendInvitation(tx, config, {
      to: email,
      language,
      companyId,
      inviter: { id: inviter.id, name: displayName(inviter) },
      link,
    });
    await audit(tx, {
      actorCustomerId: inviter.id,
      action: 'employee.invited',
      entity: 'membership',
      entityId: invitee.id,
      companyId,
      data: { role },
    });
  });
  return { status: 'accepted' as const };
});
