import {
  calls,
  FieldErrorCode,
  usesProhibitedAlias,
  type BulkRowResult,
  type TypedFieldError,
} from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { attemptRow, refusedRow, runBulk } from '../../lib/employees/bulk.ts';
import { invitePerson, membershipByEmail } from '../../lib/employees/invite-person.ts';
import { lockAddresses } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { foreignLocations } from '../../lib/employees/practice-locations.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { languageOf } from '../../lib/http/language.ts';
import { prohibitedAliasesOf } from '../../lib/reference-data/prohibited-aliases.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Up to 200 invitations, each with `InviteEmployee`'s rules, answered per row (decision 0084):
 * a shared mailbox, somebody already in the practice, an address twice in the list or a role the
 * caller may not give are refused before anything is tried; a mail limit stops the row it hits.
 */
export default defineRoute(calls.employeeInviteEmployees, async (request) => {
  const { db, config } = request.server;
  const { companyId, rows, dryRun, idempotencyKey } = request.body;
  const errors: TypedFieldError[] = [];
  if (!dryRun && !idempotencyKey) {
    errors.push({ field: 'body.idempotencyKey', code: FieldErrorCode.required });
  }
  for (const [index, row] of rows.entries()) {
    const foreign = await foreignLocations(db, companyId, row.locationIds);
    errors.push(
      ...foreign.map((error) => ({
        ...error,
        field: `body.rows.${index}.${error.field.slice(5)}`,
      })),
    );
  }
  if (errors.length > 0) throw ApiError.badRequest(errors);

  const inviter = request.customer;
  const aliases = await prohibitedAliasesOf(db);
  const requestLanguage = languageOf(request);
  const bulk = {
    call: calls.employeeInviteEmployees.path,
    companyId,
    callerId: inviter.id,
    body: request.body,
  };
  return runBulk(db, { ...bulk, idempotencyKey, dryRun }, async (tx, inviterRole) => {
    await lockAddresses(
      tx,
      rows.map((row) => row.email),
    );
    const seen = new Set<string>();
    const results: BulkRowResult[] = [];
    for (const [index, { email, role, locationIds, ...typed }] of rows.entries()) {
      const refusal = await refusalOf(tx, companyId, email, aliases, seen);
      seen.add(email);
      if (refusal) {
        results.push(refusedRow(index, refusal));
        continue;
      }
      const invite = (savepoint: Executor) =>
        invitePerson(savepoint, config, {
          companyId,
          practiceName: request.membership.companyName,
          inviter: { id: inviter.id, role: inviterRole, name: displayName(inviter) },
          email,
          role,
          typed: { ...typed, locationIds },
          requestLanguage,
        });
      // The single call's 403 here is the role the caller may not give.
      results.push(
        await attemptRow(tx, index, invite, (reason) =>
          reason === 'forbidden' ? 'role_not_allowed' : reason,
        ),
      );
    }
    return results;
  });
});

/** What refuses a row before it is tried: the address itself, or the practice's people. */
async function refusalOf(
  tx: Executor,
  companyId: string,
  email: string,
  aliases: readonly string[],
  seen: ReadonlySet<string>,
) {
  if (usesProhibitedAlias(email, aliases)) return 'prohibited_alias' as const;
  if (seen.has(email)) return 'duplicate' as const;
  const membership = await membershipByEmail(tx, email, companyId);
  if (!membership) return undefined;
  return membership.status === 'invited'
    ? ('already_invited' as const)
    : ('already_member' as const);
}
