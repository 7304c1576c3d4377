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
    'Changes the newsletter subscription and its lists; every change of consent is recorded with its time and wording version',
  access: 'customer',
  body: PreferencesUpdateSchema,
  response: PreferencesSchema,
});
