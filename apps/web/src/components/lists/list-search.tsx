import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '../../lib/lists/list-view.ts';

interface ListSearchProps {
  search: string;
  onSearch: (search: string) => void;
  /** Translation keys: `<prefix>.SEARCH_LABEL`, `.SEARCH`, `.SEARCH_HINT`, `.SEARCH_SUBMIT`. */
  textsOf: 'EMPLOYEES' | 'LOCATIONS';
}

/**
 * The search of a list, run on the server when sent (Enter or the button), not per keystroke:
 * each search is a call, shown by the spinner.
 */
export function ListSearch({ search, onSearch, textsOf }: ListSearchProps) {
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
      aria-label={t(`${textsOf}.SEARCH_LABEL`)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="search"
          label={t(`${textsOf}.SEARCH`)}
          description={t(`${textsOf}.SEARCH_HINT`)}
          value={typed}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          {t(`${textsOf}.SEARCH_SUBMIT`)}
        </Button>
      </Group>
    </form>
  );
}
