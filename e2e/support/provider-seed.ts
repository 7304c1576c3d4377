// Run as `node --import tsx e2e/support/provider-seed.ts <data folder> <e-mail> <first> <last>`:
// migrates the portal's embedded database in that folder and writes a customer who has used the
// portal before, printing the customer's id. A process of its own, so the worker does not hold
// a second PGlite; the portal opens the folder after it.
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { customers } from '../../apps/api/src/db/schema.ts';

const [dataDir, email, firstName, lastName] = process.argv.slice(2);
if (!dataDir || !email || !firstName || !lastName) {
  throw new Error('usage: provider-seed.ts <data folder> <e-mail> <first name> <last name>');
}
const database = await openDatabase({ kind: 'embedded', dataDir });
await migrateDatabase(database);
const [customer] = await database.db
  .insert(customers)
  .values({ email, firstName, lastName })
  .returning({ id: customers.id });
await database.close();
process.stdout.write(`${customer?.id}\n`);
