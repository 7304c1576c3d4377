import { HttpResponse } from 'msw';
import {
  calls,
  CustomerUpdateSchema,
  PreferencesUpdateSchema,
  type Customer,
  type Preferences,
} from '@pp/contract';
import { onCall } from './call-handler.ts';
import { clara } from './demo-customers.ts';
import { problem } from './portal-server.ts';

/** The secret of the one e-mail change link the fake knows. */
export const VALID_LINK = 'A'.repeat(43);

const accepted = () => HttpResponse.json({ status: 'accepted' }, { status: 202 });

/**
 * The customer's side of the api, with memory: a save changes what the next load answers, as
 * the real api does. Every request body is kept for the test to inspect.
 */
export function fakeAccount(initial: Customer = clara, preferences?: Preferences) {
  const state = {
    customer: initial,
    preferences: preferences ?? {
      subscribed: false,
      distributors: [],
      interests: [],
      consent: null,
    },
    pendingEmail: undefined as string | undefined,
    updates: [] as unknown[],
    preferenceUpdates: [] as unknown[],
    emailRequests: [] as string[],
    verifications: [] as string[],
  };

  const handlers = [
    onCall(calls.customerGetCustomerData, () => HttpResponse.json(state.customer)),
    onCall(calls.customerUpdateCustomerData, async ({ request }) => {
      const body: unknown = await request.json();
      state.updates.push(body);
      state.customer = { ...state.customer, ...CustomerUpdateSchema.parse(body) };
      return HttpResponse.json(state.customer);
    }),
    onCall(calls.customerChangePassword, accepted),
    onCall(calls.customerUpdateEmail, ({ request }) => {
      const newEmail = new URL(request.url).searchParams.get('newEmail') ?? '';
      state.emailRequests.push(newEmail);
      state.pendingEmail = newEmail;
      return accepted();
    }),
    onCall(calls.customerVerifyEmail, ({ request }) => {
      const hash = new URL(request.url).searchParams.get('verifyHash') ?? '';
      state.verifications.push(hash);
      if (hash !== VALID_LINK || !state.pendingEmail) return problem(404, 'link_invalid');
      state.customer = { ...state.customer, email: state.pendingEmail };
      state.pendingEmail = undefined;
      return HttpResponse.json(state.customer);
    }),
    onCall(calls.preferencesGetCurrentPreferences, () => HttpResponse.json(state.preferences)),
    onCall(calls.preferencesUpdatePreferences, async ({ request }) => {
      const body: unknown = await request.json();
      state.preferenceUpdates.push(body);
      const { wordingVersion, ...choice } = PreferencesUpdateSchema.parse(body);
      state.preferences = {
        ...choice,
        consent: { wordingVersion, recordedAt: new Date().toISOString() },
      };
      return HttpResponse.json(state.preferences);
    }),
  ];

  return { state, handlers };
}
