import { calls, FieldErrorCode, usesProhibitedAlias } from '@pp/contract';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { onceMoreIfAddressTaken } from '../../lib/employees/address-taken.ts';
import { invitePerson } from '../../lib/employees/invite-person.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { foreignLocations } from '../../lib/employees/practice-locations.ts';
import { languageOf } from '../../lib/http/language.ts';
import { unknownChoices } from '../../lib/reference-data/picklists.ts';
import { prohibitedAliasesOf } from '../../lib/reference-data/prohibited-aliases.ts';
import { ApiError } from '../../lib/http/problem.ts';
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

  await onceMoreIfAddressTaken(() =>
    db.transaction(async (tx) => {
      await lockPractice(tx, companyId);
      // Under the lock: a concurrent role change may have landed since the declared check.
      const inviterRole = await recheckRole(tx, inviter.id, companyId, 'admin');
      await invitePerson(tx, config, {
        companyId,
        practiceName: request.membership.companyName,
        inviter: { id: inviter.id, role: inviterRole, name: displayName(inviter) },
        email,
        role,
        typed: { ...typed, locationIds },
        requestLanguage: languageOf(request),
      });
    }),
  );
  return { status: 'accepted' as const };
});
