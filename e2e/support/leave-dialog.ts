import type { Page } from '@playwright/test';

// The question before unsaved changes are left behind (decision 0054), in German or English.

const exactly = (de: string, en: string) => new RegExp(`^(${de}|${en})$`);

export function leaveDialog(page: Page) {
  const dialog = page.getByRole('dialog', {
    name: exactly('Änderungen verwerfen\\?', 'Discard changes\\?'),
  });
  return {
    dialog,
    stay: dialog.getByRole('button', { name: exactly('Bleiben', 'Stay') }),
    discard: dialog.getByRole('button', { name: exactly('Verwerfen', 'Discard') }),
  };
}

/** A link of the main navigation, by its text. */
export function menuEntry(page: Page, de: string, en: string) {
  return page
    .getByRole('navigation', { name: exactly('Hauptnavigation', 'Main navigation') })
    .getByRole('link', { name: exactly(de, en) });
}
