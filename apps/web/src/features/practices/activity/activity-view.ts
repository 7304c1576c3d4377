import type { z } from 'zod';
import { ActivityViewSchema } from '@pp/contract';
import { listView } from '../../../lib/lists/list-view.ts';

/** What a page of the activity log shows: person, kind, days, page and page size. */
export type ActivityView = z.output<typeof ActivityViewSchema>;

/** The log's view in the URL (`?customerId=…&kind=roles&from=2026-11-01`). */
export const ACTIVITY_VIEW = listView(ActivityViewSchema);

export const readActivityView = ACTIVITY_VIEW.read;
export const activityViewParams = ACTIVITY_VIEW.params;

/** The filters of a view, as the calls take them: only what is set. */
export function activityFilters(view: ActivityView) {
  const { customerId, kind, from, to } = view;
  return {
    ...(customerId ? { customerId } : {}),
    ...(kind ? { kind } : {}),
    ...(from ? { from } : {}),
    // A range typed backwards in the URL is not sent: the api would refuse it.
    ...(to && !(from && to < from) ? { to } : {}),
  };
}
