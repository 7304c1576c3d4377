import { HttpResponse } from 'msw';
import {
  calls,
  LocationCreateSchema,
  LocationSchema,
  LocationsQuerySchema,
  LocationUpdateSchema,
  type Location,
} from '@pp/contract';
import { onCall } from './call-handler.ts';
import { MARKT_ID, SOMMER_ID } from './demo-customers.ts';
import { problem } from './problem.ts';

const location = (id: number, companyId: string, changes: Partial<Location>): Location =>
  LocationSchema.parse({
    locationId: `00000000-0000-4000-8000-0000000010${String(id).padStart(2, '0')}`,
    companyId,
    name: `Standort ${id}`,
    street: 'Friedrichstraße 120',
    postalCode: '10117',
    city: 'Berlin',
    country: 'DE',
    phoneNumber: null,
    invoiceMail: null,
    status: 'enabled',
    ...changes,
  });

/**
 * The demo practices' locations (docs/product.md §8); the first of Sommer's is assigned to Clara.
 */
export const demoLocations = [
  location(1, SOMMER_ID, {
    name: 'Praxis Mitte',
    phoneNumber: '+49 30 1234567',
    invoiceMail: 'rechnung@zahnarzt-sommer.example.com',
  }),
  location(2, SOMMER_ID, {
    name: 'Praxis Prenzlauer Berg',
    street: 'Schönhauser Allee 58',
    postalCode: '10437',
  }),
  location(3, MARKT_ID, {
    name: 'Praxis am Markt',
    street: 'Großer Burstah 12',
    postalCode: '20457',
    city: 'Hamburg',
  }),
];

const matches = (entry: Location, search: string | undefined) =>
  !search ||
  [entry.name, entry.street, entry.postalCode, entry.city].some((field) =>
    field?.toLowerCase().includes(search.toLowerCase()),
  );

/**
 * The api's Location calls with memory: a create or update changes what the next list answers,
 * and each practice's first location is the caller's assigned one. Bodies are kept.
 */
export function fakeLocations(initial: readonly Location[] = demoLocations) {
  const state = { locations: [...initial], creates: [] as unknown[], updates: [] as unknown[] };
  let next = 50;

  const reads = [
    onCall(calls.locationGetLocations, ({ request }) => {
      const query = LocationsQuerySchema.parse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      const own = state.locations.filter((entry) => entry.companyId === query.parentId);
      const found = own
        .filter((entry) => matches(entry, query.search))
        .sort((a, b) => String(a[query.sort]).localeCompare(String(b[query.sort]), 'de'));
      if (query.direction === 'desc') found.reverse();
      const start = (query.page - 1) * query.pageSize;
      return HttpResponse.json({
        locationListObjectVms: found.slice(start, start + query.pageSize),
        associatedLocationListObjectVms: own.slice(0, 1),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
      });
    }),
    onCall(calls.locationGetLocationById, ({ request }) => {
      const id = new URL(request.url).searchParams.get('locationId');
      const found = state.locations.find((entry) => entry.locationId === id);
      return found ? HttpResponse.json(found) : problem(404, 'not_found');
    }),
  ];
  const writes = [
    onCall(calls.locationCreateLocation, async ({ request }) => {
      const body: unknown = await request.json();
      state.creates.push(body);
      const fields = LocationCreateSchema.parse(body);
      const created = location(next++, fields.companyId, fields);
      state.locations.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    onCall(calls.locationUpdateLocation, async ({ request }) => {
      const body: unknown = await request.json();
      state.updates.push(body);
      const changes = LocationUpdateSchema.parse(body);
      const index = state.locations.findIndex((entry) => entry.locationId === changes.locationId);
      const current = state.locations[index];
      if (!current) return problem(404, 'not_found');
      const updated = { ...current, ...changes };
      state.locations[index] = updated;
      return HttpResponse.json(updated);
    }),
  ];

  return { state, reads, handlers: [...reads, ...writes] };
}
