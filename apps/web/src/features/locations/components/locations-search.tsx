import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface LocationsSearchProps {
  search: string;
  onSearch: (search: string) => void;
}

/**
 * The search of the list (name, street, postal code or city, on the server). It searches when
 * sent (Enter or the button), not per keystroke: each search is a call, shown by the spinner.
 */
export function LocationsSearch({ search, onSearch }: LocationsSearchProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(search);
  const [shown, setShown] = useState(search);
  // A new search from outside (back button, a link) replaces what was typed.
  if (shown !== search) {
    setShown(search);
    setTyped(search);
  }

  return (
    <form
      role="search"
      aria-label={t('LOCATIONS.SEARCH_LABEL')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="search"
          label={t('LOCATIONS.SEARCH')}
          description={t('LOCATIONS.SEARCH_HINT')}
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          {t('LOCATIONS.SEARCH_SUBMIT')}
        </Button>
      </Group>
    </form>
  );
}
