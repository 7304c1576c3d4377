import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { z } from 'zod';
import { refusingControlCharacters } from './adapter-input.ts';
import type { IdpDb } from '../db/database.ts';
import { recordEndedSessions } from '../sessions/ended-sessions.ts';
import { idpPayloads } from '../db/schema.ts';
import { asStored, changedFields, conflictingField, withChanges } from './payload-merge.ts';
import { seenPayloads, type SeenPayloads } from './payload-versions.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The models one browser's requests save at the same time (two tabs, a sign-out beside a
 * silent renewal): their saves are checked against the version the request read (decision
 * 0053). Codes, tokens and grants are written once and consumed or revoked instead.
 */
const VERSIONED_MODELS = new Set(['Session', 'Interaction']);

/** How often a save is re-applied onto a newer version before it gives up. */
const SAVE_ATTEMPTS = 5;

/**
 * A save that would undo another request's change to the same session or interaction. A bad
 * request (400): the provider's error page, or an error the portal's sign-in handles, as for
 * any refused request; the next try reads the new version.
 */
function conflict(model: string, field: string): errors.InvalidRequest {
  return new errors.InvalidRequest(
    `${model} was changed by another request (${field}); please try again`,
  );
}

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

  /** The request's record of what it read, for the versioned models inside a request. */
  private seen(): SeenPayloads | undefined {
    return VERSIONED_MODELS.has(this.model) ? seenPayloads() : undefined;
  }

  private key(id: string): string {
    return `${this.model}\u0000${id}`;
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({
        id: idpPayloads.id,
        payload: idpPayloads.payload,
        consumedAt: idpPayloads.consumedAt,
        version: idpPayloads.version,
      })
      .from(idpPayloads)
      .where(this.live(condition))
      .limit(1);
    if (!row) return undefined;
    this.seen()?.set(this.key(row.id), {
      version: row.version,
      stored: row.payload,
      view: row.payload,
    });
    return row.consumedAt
      ? { ...row.payload, consumed: epochSeconds(row.consumedAt) }
      : row.payload;
  }

  private columns(payload: AdapterPayload, expiresIn: number | undefined) {
    return {
      payload,
      grantId: payload.grantId ?? null,
      accountId: accountIdOf(payload),
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const seen = this.seen();
    if (seen) return this.saveVersioned(seen, id, asStored(payload), expiresIn);
    const columns = this.columns(payload, expiresIn);
    await this.db
      .insert(idpPayloads)
      .values({ model: this.model, id, ...columns })
      .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: columns });
  }

  /**
   * Saves a session or an interaction over the version this request read, never over a newer
   * one: when another request saved in between, this request's changed fields are applied onto
   * the newer version, unless the other changed one of them too (then the save fails). A
   * session ended in between stays ended: a save that changes nothing is dropped, any other
   * fails. Each lost attempt means another request's save won, so the retries end.
   */
  private async saveVersioned(
    seen: SeenPayloads,
    id: string,
    mine: AdapterPayload,
    expiresIn: number | undefined,
  ): Promise<void> {
    const key = this.key(id);
    let read = seen.get(key);
    if (!read) {
      const [inserted] = await this.db
        .insert(idpPayloads)
        .values({ model: this.model, id, ...this.columns(mine, expiresIn) })
        .onConflictDoNothing()
        .returning({ version: idpPayloads.version });
      if (!inserted) throw conflict(this.model, 'id');
      seen.set(key, { version: inserted.version, stored: mine, view: mine });
      return;
    }
    const fields = changedFields(read.view, mine);
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt += 1) {
      const next = withChanges(read.stored, mine, fields);
      const [updated] = await this.db
        .update(idpPayloads)
        .set({ ...this.columns(next, expiresIn), version: sql`${idpPayloads.version} + 1` })
        .where(
          and(
            eq(idpPayloads.model, this.model),
            eq(idpPayloads.id, id),
            eq(idpPayloads.version, read.version),
          ),
        )
        .returning({ version: idpPayloads.version });
      if (updated) {
        seen.set(key, { version: updated.version, stored: next, view: mine });
        return;
      }
      // A save that only extends the expiry (every request's, a silent renewal's) has nothing
      // to add to a newer version, saved just now, nor to a session ended in between.
      if (fields.length === 0) return;
      const current = await this.current(id);
      if (!current) throw conflict(this.model, fields[0] ?? 'id');
      const field = conflictingField(current.payload, read.stored, mine, fields);
      if (field !== undefined) throw conflict(this.model, field);
      read = { version: current.version, stored: current.payload, view: read.view };
    }
    throw conflict(this.model, 'version');
  }

  /** The stored version of a row, expired or not. */
  private async current(
    id: string,
  ): Promise<{ version: number; payload: AdapterPayload } | undefined> {
    const [row] = await this.db
      .select({ version: idpPayloads.version, payload: idpPayloads.payload })
      .from(idpPayloads)
      .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
    return row;
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
 * not stored: their sessions are listed as ended, and the api refuses them.
 */
export async function endAccountState(tx: IdpDb, accountId: string): Promise<void> {
  const removed = await tx
    .delete(idpPayloads)
    .where(eq(idpPayloads.accountId, accountId))
    .returning({ model: idpPayloads.model, uid: idpPayloads.uid });
  await recordEndedSessions(
    tx,
    removed.flatMap(({ model, uid }) => (model === 'Session' && uid ? [uid] : [])),
  );
}
