import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The embedded identity provider's tables live in the same database and migrations.
  schema: ['./src/db/schema.ts', '../idp/src/db/schema.ts'],
  out: './src/db/migrations',
});
