import type { UseFormReturn } from 'react-hook-form';
import type { CustomerUpdate } from '@pp/contract';
import type { ProfileFormValues } from '../profile-form-values.ts';

export type ProfileForm = UseFormReturn<ProfileFormValues, unknown, CustomerUpdate>;

type SelectField =
  'salutation' | 'title' | 'position' | 'profession' | 'otherIndustry' | 'preferredLanguage';

/**
 * A select's registration with the stored entry as its `defaultValue`: react-hook-form takes a
 * select's own value at registration when it looks edited, so the element must start right.
 */
export function selectRegistration(form: ProfileForm, name: SelectField) {
  return { ...form.register(name), defaultValue: form.formState.defaultValues?.[name] };
}
