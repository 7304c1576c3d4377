// The lines of a list read with another page every request (run.ts): the same rotation of
// pages, sizes, sorts and directions (read-lines.ts) on the reference as on the portal, so each
// ratio compares like with like (issue 46); then with another of the signed-in people as well.
import { measure } from './measure.ts';
import { everyPage, line, type Pair } from './read-lines.ts';
import type { BenchIds } from './scale.ts';

export interface PageLines {
  label: string;
  pairs: Pair[];
  base: (port: number) => string;
  pathOf: (ids: BenchIds, page?: number) => string;
  /** The list's orders, one after another. */
  sorts: readonly string[];
  authorization: string | undefined;
  /** The signed-in people's authorizations, for the line that asks as each in turn. */
  people: string[];
}

export async function measurePages({
  label,
  pairs,
  base,
  pathOf,
  sorts,
  authorization,
  people,
}: PageLines) {
  for (const { portal, reference } of pairs) {
    const [referenceName, referencePort, ids] = reference;
    /** Another page every request; with `asEach`, also another person. */
    const pages = (port: number, asEach: boolean) => {
      const nextPage = everyPage((page) => pathOf(ids, page), sorts);
      let n = 0;
      return measure(`${base(port)}${pathOf(ids)}`, authorization, () => {
        n += 1;
        return {
          path: nextPage(),
          ...(asEach ? { authorization: people[n % people.length] } : {}),
        };
      });
    };
    for (const [asEach, what] of [
      [false, 'another page every request'],
      [true, 'another page and person every request'],
    ] as const) {
      const r = await pages(referencePort, asEach);
      console.log(line(`${label} | ${referenceName}, ${what}`, r));
      const m = await pages(portal[1], asEach);
      console.log(line(`${label} | ${portal[0]}, ${what}`, m, r));
    }
  }
}
