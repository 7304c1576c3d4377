import type { z } from 'zod';

/** The longest search the api takes; a longer one in the URL is cut, as the search field does. */
export const SEARCH_MAX_LENGTH = 100;

/** Written last, in this order, so that a URL reads as what is shown, then how. */
const PAGING_KEYS = ['sort', 'direction', 'page', 'pageSize'];

export interface ListView<V> {
  /** What the list shows without anything in the URL: the api's defaults. */
  defaults: V;
  /** The view in the URL; a value the api would refuse gives way to its default. */
  read(params: URLSearchParams): V;
  /** The URL's query for a view: only what differs from the defaults. */
  params(view: V): URLSearchParams;
}

/**
 * A list's view (search, filters, sort, page and page size) kept in the URL, so that a reload,
 * the back button or a shared link show the same page. `schema` is the list call's query schema
 * from the contract without the ids (`EmployeesQuerySchema.omit({ companyId: true })`): the URL
 * is read with the same rules and defaults the api applies.
 */
export function listView<S extends z.ZodObject>(schema: S): ListView<z.output<S>> {
  const defaults = schema.parse({});
  const fields = Object.entries(schema.shape);
  const keys = [
    ...fields.map(([key]) => key).filter((key) => !PAGING_KEYS.includes(key)),
    ...PAGING_KEYS.filter((key) => key in schema.shape),
  ];
  const defaultOf = new Map(Object.entries(defaults));

  return {
    defaults,
    read(params) {
      const input: Record<string, string> = {};
      for (const [key, field] of fields) {
        const given = params.get(key)?.trim();
        const value = key === 'search' ? given?.slice(0, SEARCH_MAX_LENGTH) : given;
        if (value && field.safeParse(value).success) input[key] = value;
      }
      return schema.parse(input);
    },
    params(view) {
      const values = new Map(Object.entries(view));
      const params = new URLSearchParams();
      for (const key of keys) {
        const value: unknown = values.get(key);
        if (value === undefined || value === '' || value === defaultOf.get(key)) continue;
        params.set(key, String(value));
      }
      return params;
    },
  };
}

/** A sort select's entries: a field and a direction in one value (`city-desc`). */
export function sortOptions<F extends string>(fields: readonly F[]) {
  return fields.flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => ({
      field,
      direction,
      value: `${field}-${direction}`,
    })),
  );
}
