import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCATIONS_VIEW } from '../../../lib/ui-state/api/get-locations.ts';
import { useActiveLocations } from '../../../lib/ui-state/use-active-locations.ts';

interface LocationCheckboxesProps<V extends FieldValues, O extends FieldValues> {
  control: Control<V, unknown, O>;
  name: Path<V>;
  label: string;
  description: string;
}

/** The active practice's locations (up to 100, by name) to tick; a person may work at several. */
export function LocationCheckboxes<V extends FieldValues, O extends FieldValues>({
  control,
  name,
  ...group
}: LocationCheckboxesProps<V, O>) {
  const { t } = useTranslation();
  const locations = useActiveLocations({ ...DEFAULT_LOCATIONS_VIEW, pageSize: 100 }).data;
  const entries = locations?.locationListObjectVms ?? [];

  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref } }) => (
        <Checkbox.Group {...group} value={value as string[]} onChange={onChange}>
          {locations && entries.length === 0 && (
            <Text size="sm" mt="xs">
              {t('INVITE.NO_LOCATIONS')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs" onBlur={onBlur}>
            {entries.map((location, index) => (
              <Checkbox
                key={location.locationId}
                value={location.locationId}
                label={location.name}
                ref={index === 0 ? ref : undefined}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}
