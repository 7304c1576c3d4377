import { z } from 'zod';

export const PicklistValueSchema = z.object({ label: z.string(), value: z.string() });
export const PicklistSchema = z.object({ values: z.array(PicklistValueSchema) });

export const PicklistsSchema = z
  .object({
    salutation: PicklistSchema,
    position: PicklistSchema,
    professions: PicklistSchema,
    newsletterDistributor: PicklistSchema,
    newsletterInterests: PicklistSchema,
    otherIndustries: PicklistSchema,
  })
  .meta({ id: 'Picklists' });
export type Picklists = z.infer<typeof PicklistsSchema>;
export type PicklistValue = z.infer<typeof PicklistValueSchema>;
