import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { generatedKeys } from '../../db/schema.ts';

/**
 * The database's own random key for `purpose` (32 bytes, base64url), made on first use (decision
 * 0098). Instances starting at once agree on it: the first insert wins, the others read it.
 */
export async function generatedKey(db: Executor, purpose: string): Promise<string> {
  await db
    .insert(generatedKeys)
    .values({ purpose, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: generatedKeys.secret })
    .from(generatedKeys)
    .where(eq(generatedKeys.purpose, purpose));
  if (!row) throw new Error(`the generated ${purpose} key is missing`);
  return row.secret;
}
