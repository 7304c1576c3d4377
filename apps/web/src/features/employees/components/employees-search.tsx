import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface EmployeesSearchProps {
  search: string;
  onSearch: (search: string) => void;
}

/** Searches names and e-mail addresses on the server when sent (Enter or the button). */
export function EmployeesSearch({ search, onSearch }: EmployeesSearchProps) {
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
      aria-label={t('EMPLOYEES.SEARCH_LABEL')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="search"
          label={t('EMPLOYEES.SEARCH')}
          description={t('EMPLOYEES.SEARCH_HINT')}
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          {t('EMPLOYEES.SEARCH_SUBMIT')}
        </Button>
      </Group>
    </form>
  );
}
