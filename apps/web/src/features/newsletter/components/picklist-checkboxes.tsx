import { Checkbox, SimpleGrid } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import type { PicklistValue } from '@pp/contract';
import type { NewsletterFormValues } from '../newsletter-form-values.ts';

interface PicklistCheckboxesProps {
  control: Control<NewsletterFormValues>;
  name: 'distributors' | 'interests';
  label: string;
  description: string;
  values: readonly PicklistValue[];
  disabled: boolean;
  error: string | undefined;
}

/** A picklist as a labelled group of checkboxes (its error is read with the group). */
export function PicklistCheckboxes({ control, name, values, ...group }: PicklistCheckboxesProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref } }) => (
        <Checkbox.Group {...group} value={value} onChange={onChange}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs" onBlur={onBlur}>
            {values.map((entry, index) => (
              <Checkbox
                key={entry.value}
                value={entry.value}
                label={entry.label}
                ref={index === 0 ? ref : undefined}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}
