import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Customer, Picklists } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { SaveBar } from '../../../components/forms/save-bar.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useStoredDataForm } from '../../../lib/forms/use-save-form.ts';
import { useUpdateCustomerData } from '../../../lib/ui-state/api/update-customer-data.ts';
import { profileChoices } from '../profile-choices.ts';
import { PROFILE_FIELDS, profileFormSchema, profileFormValues } from '../profile-form-values.ts';
import { PersonalSection } from './personal-section.tsx';
import { WorkSection } from './work-section.tsx';

interface ProfileFormProps {
  customer: Customer;
  picklists: Picklists;
}

const resolver = zodResolver(profileFormSchema, { error: fieldErrorMap });

/**
 * The customer's own data, checked once a field is left and saved with
 * `Customer/UpdateCustomerData`: only the editable fields, empty selects as null. A failed save
 * keeps every input; fields the api refused show its reason. Data saved elsewhere (the header's
 * language switch) reaches the fields the user left alone.
 */
export function ProfileForm({ customer, picklists }: ProfileFormProps) {
  const { t } = useTranslation();
  const update = useUpdateCustomerData();
  const { form, submit, pending, discard, leaveGuard } = useStoredDataForm({
    resolver,
    mutation: update,
    fields: PROFILE_FIELDS,
    stored: customer,
    toValues: profileFormValues,
  });

  const choices = profileChoices(t, picklists, profileFormValues(customer));
  return (
    <form noValidate onSubmit={submit} aria-label={t('PROFILE.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <PersonalSection form={form} choices={choices} />
      <WorkSection form={form} choices={choices} />
      <SaveBar pending={pending} dirty={form.formState.isDirty} onDiscard={discard} />
    </form>
  );
}
