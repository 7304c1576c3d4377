import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { picklistValues } from '../../db/schema.ts';
import type { CrmClient } from '../crm-client.ts';

/** The CRM's picklists replace the portal's; a code the CRM no longer has is retired, not deleted. */
export async function refreshPicklists(db: Db, client: CrmClient): Promise<number> {
  const entries = (await client.picklists()).filter(
    (entry) =>
      /^[A-Z][A-Z0-9_]*$/.test(entry.code) &&
      entry.labelDe.trim() !== '' &&
      entry.labelEn.trim() !== '',
  );
  if (entries.length === 0) return 0;
  await db.transaction(async (tx) => {
    const lists = [...new Set(entries.map((entry) => entry.list))];
    for (const list of lists) {
      await tx.update(picklistValues).set({ active: false }).where(eq(picklistValues.list, list));
    }
    for (const entry of entries) {
      await tx
        .insert(picklistValues)
        .values({ ...entry, active: true })
        .onConflictDoUpdate({
          target: [picklistValues.list, picklistValues.code],
          set: {
            labelDe: entry.labelDe,
            labelEn: entry.labelEn,
            sortOrder: entry.sortOrder,
            active: true,
          },
        });
    }
  });
  return entries.length;
}
