import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { PICKLIST_NAMES } from '@pp/contract';

export const picklistValues = pgTable(
  'picklist_values',
  {
    list: text('list', { enum: PICKLIST_NAMES }).notNull(),
    code: text('code').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.list, t.code] }),
    check(
      'picklist_values_list_check',
      sql`${t.list} in ('salutation', 'position', 'professions', 'newsletterDistributor', 'newsletterInterests', 'otherIndustries')`,
    ),
    check('picklist_values_code_check', sql`${t.code} ~ '^[A-Z][A-Z0-9_]*$'`),
    check(
      'picklist_values_labels_check',
      sql`length(trim(${t.labelDe})) > 0 and length(trim(${t.labelEn})) > 0`,
    ),
  ],
);

/** Local parts of shared mailboxes that must not become a personal sign-in (lower case). */
export const prohibitedAliases = pgTable(
  'prohibited_aliases',
  {
    alias: text('alias').primaryKey(),
  },
  (t) => [check('prohibited_aliases_alias_check', sql`${t.alias} ~ '^[a-z0-9][a-z0-9._-]*$'`)],
);
