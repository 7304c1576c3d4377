import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  FieldErrorCode,
  type Language,
  type PicklistName,
  type Picklists,
  type PicklistValue,
  type TypedFieldError,
} from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { picklistValues } from '../../db/schema.ts';

/** A field of a request (`body.salutation`, `body.interests`) and the picklist it chooses from. */
export interface PicklistChoice {
  field: string;
  list: PicklistName;
  /** One code, or a list of codes (errors then name `field.index`). */
  value: string | readonly string[];
}

/**
 * Field errors (`unknown_choice`) for every code that is not an active entry of its picklist
 * (docs/product.md §3: each value has a stable code).
 */
export async function unknownChoices(
  db: Executor,
  choices: readonly PicklistChoice[],
): Promise<TypedFieldError[]> {
  const asked = choices.map((choice) => ({
    ...choice,
    codes: typeof choice.value === 'string' ? [choice.value] : choice.value,
  }));
  const lists = [...new Set(asked.filter((choice) => choice.codes.length > 0).map((c) => c.list))];
  if (lists.length === 0) return [];
  // One statement for all the request's picklists (a profile save names four; issue 28): each
  // statement costs the embedded database a parse and a plan.
  const known = await db
    .select({ list: picklistValues.list, code: picklistValues.code })
    .from(picklistValues)
    .where(
      and(
        inArray(picklistValues.list, lists),
        eq(picklistValues.active, true),
        inArray(picklistValues.code, [...new Set(asked.flatMap((choice) => choice.codes))]),
      ),
    );
  const knownCodes = new Map<string, Set<string>>();
  for (const row of known)
    knownCodes.set(row.list, (knownCodes.get(row.list) ?? new Set()).add(row.code));
  const errors: TypedFieldError[] = [];
  for (const { field, list, value, codes } of asked) {
    codes.forEach((code, index) => {
      if (knownCodes.get(list)?.has(code)) return;
      const at = typeof value === 'string' ? field : `${field}.${index}`;
      errors.push({ field: at, code: FieldErrorCode.unknownChoice });
    });
  }
  return errors;
}

/** Every picklist's active values in their order, labelled in `language`. */
export async function picklistsIn(db: Executor, language: Language): Promise<Picklists> {
  const rows = await db
    .select()
    .from(picklistValues)
    .where(eq(picklistValues.active, true))
    .orderBy(asc(picklistValues.list), asc(picklistValues.sortOrder), asc(picklistValues.code));
  const valuesOf = (list: PicklistName): { values: PicklistValue[] } => ({
    values: rows
      .filter((row) => row.list === list)
      .map((row) => ({ value: row.code, label: language === 'en' ? row.labelEn : row.labelDe })),
  });
  return {
    salutation: valuesOf('salutation'),
    position: valuesOf('position'),
    professions: valuesOf('professions'),
    newsletterDistributor: valuesOf('newsletterDistributor'),
    newsletterInterests: valuesOf('newsletterInterests'),
    otherIndustries: valuesOf('otherIndustries'),
  };
}
