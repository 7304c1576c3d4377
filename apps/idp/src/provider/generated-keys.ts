import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IdpDb } from '../db/database.ts';
import { idpGeneratedKeys } from '../db/schema.ts';

/**
 * The database's own 32 random bytes for `purpose`, made on first use (decision 0098), as the
 * signing keys are. Instances starting at once agree on them: the first insert wins, the others
 * read it.
 */
export async function generatedKey(db: IdpDb, purpose: string): Promise<Buffer> {
  await db
    .insert(idpGeneratedKeys)
    .values({ purpose, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: idpGeneratedKeys.secret })
    .from(idpGeneratedKeys)
    .where(eq(idpGeneratedKeys.purpose, purpose));
  if (!row) throw new Error(`the generated ${purpose} key is missing`);
  return Buffer.from(row.secret, 'base64url');
}
