import { defineCall } from '../call.ts';
import { PreferencesSchema, PreferencesUpdateSchema } from '../preferences.ts';

export const preferencesGetCurrentPreferences = defineCall({
  method: 'GET',
  path: '/Preferences/GetCurrentPreferences',
  tag: 'Preferences',
  summary: "The caller's newsletter subscription, its lists and the consent on record",
  access: 'customer',
  response: PreferencesSchema,
});

export const preferencesUpdatePreferences = defineCall({
  method: 'PATCH',
  path: '/Preferences/UpdatePreferences',
  tag: 'Preferences',
  summary:
    'Changes the newsletter subscription and its lists: a withdrawal counts at once, a wider choice only once the link of the confirmation mail sent to the caller confirms it (48 hours, once); every change of consent is recorded with its time and wording version',
  access: 'customer',
  body: PreferencesUpdateSchema,
  response: PreferencesSchema,
});

export const preferencesResendConfirmation = defineCall({
  method: 'POST',
  path: '/Preferences/ResendConfirmation',
  tag: 'Preferences',
  summary:
    "Sends the confirmation mail of the caller's pending subscription again, with a new link valid 48 hours (the older one stops working); 409 when nothing is pending",
  access: 'customer',
  response: PreferencesSchema,
});
