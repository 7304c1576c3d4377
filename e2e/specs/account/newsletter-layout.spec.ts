import type { Locator } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { newsletterForm } from '../../support/newsletter-page.ts';
import { signIn } from '../../support/sign-in.ts';

// Issue 22, point 3: the labels of Mantine's checkboxes sat under their boxes while the
// component's layout styles (`InlineInput.css`) were not loaded.

const LABELS = {
  de: ['Ja, ich möchte den Newsletter erhalten.', 'Prophylaxe'],
  en: ['Yes, I would like to receive the newsletter.', 'Prophylaxis'],
} as const;

/** The label starts to the right of its box and on the box's line. */
async function expectBesideItsBox(checkbox: Locator, label: Locator) {
  const box = (await checkbox.boundingBox())!;
  const text = (await label.boundingBox())!;
  expect(text.x, 'the label starts right of the box').toBeGreaterThanOrEqual(box.x + box.width);
  expect(text.y, 'the label starts on the box’s line').toBeLessThan(box.y + box.height);
}

for (const width of [1280, 360]) {
  for (const language of ['de', 'en'] as const) {
    test(`/newsletter shows each checkbox's label beside its box (${width} px, ${language})`, async ({
      page,
      portal,
      createUser,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const user = await createUser();
      await usePortalLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/newsletter`);
      await signIn(page, user.email, user.password);
      const form = newsletterForm(page);
      await expect(form.form).toBeVisible();
      await form.subscribe.check();
      for (const name of LABELS[language]) {
        const checkbox = page.getByRole('checkbox', { name, exact: true });
        await expectBesideItsBox(checkbox, page.locator('label').filter({ hasText: name }).last());
      }
    });
  }
}
