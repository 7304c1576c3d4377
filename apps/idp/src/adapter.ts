import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import { refusingControlCharacters } from './adapter-input.ts';
import type { IdpDb } from './db/database.ts';
import { idpPayloads } from './db/schema.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const Owner = z.object({
  accountId: z.string().optional(),
  session: z.object({ accountId: z.string().optional() }).optional(),
  result: z.object({ login: z.object({ accountId: z.string().optional() }).optional() }).optional(),
});

/**
 * The account a stored model belongs to: sessions, grants, codes and tokens name it; an
 * interaction names it in its session or its sign-in result.
 */
function accountIdOf(payload: AdapterPayload): string | null {
  const owner = Owner.safeParse(payload);
  if (!owner.success) return null;
  const { accountId, session, result } = owner.data;
  return accountId ?? session?.accountId ?? result?.login?.accountId ?? null;
}

/**
 * oidc-provider's storage for one model (Session, Grant, AuthorizationCode, RefreshToken,
 * Interaction …) in `idp_payloads`, so every instance sees the same state and a restart keeps it.
 * Rows are kept `graceSeconds` past their expiry: the models judge expiry themselves, with the
 * configured clock tolerance.
 */
class PayloadAdapter implements Adapter {
  constructor(
    private readonly db: IdpDb,
    private readonly model: string,
    private readonly graceSeconds: number,
  ) {}

  private live(condition: SQL): SQL | undefined {
    return and(
      eq(idpPayloads.model, this.model),
      condition,
      or(
        isNull(idpPayloads.expiresAt),
        sql`${idpPayloads.expiresAt} > now() - make_interval(secs => ${this.graceSeconds})`,
      ),
    );
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: idpPayloads.payload, consumedAt: idpPayloads.consumedAt })
      .from(idpPayloads)
      .where(this.live(condition))
      .limit(1);
    if (!row) return undefined;
    return row.consumedAt
      ? { ...row.payload, consumed: epochSeconds(row.consumedAt) }
      : row.payload;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const columns = {
      payload,
      grantId: payload.grantId ?? null,
      accountId: accountIdOf(payload),
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(idpPayloads)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: columns });
  }

  find(id: string) {
    return this.findWhere(eq(idpPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(idpPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(idpPayloads.userCode, userCode));
  }

  /**
   * Marks a code or token as used. Two requests that both read it as unused race here: only one
   * may win, the other is refused as a reuse.
   */
  async consume(id: string): Promise<void> {
    const updated = await this.db
      .update(idpPayloads)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(idpPayloads.model, this.model),
          eq(idpPayloads.id, id),
          isNull(idpPayloads.consumedAt),
        ),
      )
      .returning({ id: idpPayloads.id });
    if (updated.length === 0) throw new errors.InvalidGrant(`${this.model} already used`);
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(idpPayloads)
      .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(idpPayloads)
      .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.grantId, grantId)));
  }
}

/** The `adapter` option of oidc-provider: one adapter per model, all on the same table. */
export function createPayloadAdapter(db: IdpDb, graceSeconds: number) {
  return (model: string): Adapter =>
    refusingControlCharacters(new PayloadAdapter(db, model, graceSeconds));
}

/** Deletes rows that expired longer than `graceSeconds` ago. */
export async function sweepPayloads(db: IdpDb, graceSeconds: number): Promise<void> {
  await db
    .delete(idpPayloads)
    .where(lt(idpPayloads.expiresAt, sql`now() - make_interval(secs => ${graceSeconds})`));
}

/**
 * Ends everything the provider keeps for an account — sessions, grants, codes, refresh tokens,
 * interactions — in the caller's transaction (after a new password). Its JWT access tokens are
 * not stored and live out their 10 minutes.
 */
export async function endAccountState(tx: IdpDb, accountId: string): Promise<void> {
  await tx.delete(idpPayloads).where(eq(idpPayloads.accountId, accountId));
}
