import { eq } from 'drizzle-orm';
import type { AccessTarget } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';

/** The practice an id of a request belongs to: the id itself, or a location's practice. */
export async function practiceOf(
  db: Executor,
  target: AccessTarget,
  id: string,
): Promise<string | undefined> {
  switch (target) {
    case 'practice':
      return id;
    case 'location': {
      const [row] = await db
        .select({ companyId: locations.companyId })
        .from(locations)
        .where(eq(locations.id, id));
      return row?.companyId;
    }
  }
}
