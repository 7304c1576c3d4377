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
      pending: null,
    },
    pendingEmail: undefined as string | undefined,
    updates: [] as unknown[],
    preferenceUpdates: [] as unknown[],
    emailRequests: [] as string[],
    verifications: [] as string[],
    resent: 0,
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
      // Double opt-in, as the api (decision 0077): subscribing waits for the mail's link; a
      // withdrawal counts at once. (The fake knows no partly widened choice.)
      const now = new Date();
      state.preferences =
        choice.subscribed && !state.preferences.subscribed
          ? {
              ...state.preferences,
              pending: {
                distributors: choice.distributors,
                interests: choice.interests,
                requestedAt: now.toISOString(),
                expiresAt: new Date(now.getTime() + 48 * 3_600_000).toISOString(),
              },
            }
          : {
              ...choice,
              consent: { wordingVersion, recordedAt: now.toISOString() },
              pending: null,
            };
      return HttpResponse.json(state.preferences);
    }),
    onCall(calls.preferencesResendConfirmation, () => {
      state.resent += 1;
      return state.preferences.pending
        ? HttpResponse.json(state.preferences)
        : problem(409, 'conflict');
    }),
  ];

  return { state, handlers };
}
