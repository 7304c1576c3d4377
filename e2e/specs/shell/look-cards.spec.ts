import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 12: each shortcut card of the dashboard is one link as a whole, named by its title.
const ben = DEMO_USERS[1];

const SHORTCUTS = {
  de: { region: 'Schnellzugriff', titles: ['Mein Profil', 'Mitarbeitende', 'Standorte'] },
  en: { region: 'Shortcuts', titles: ['My profile', 'Employees', 'Locations'] },
} as const;

for (const language of ['de', 'en'] as const) {
  test(`each dashboard card is one link named by its title, clickable anywhere, one tab stop (${language})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext();
    await recordToasts(context);
    const page = await context.newPage();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, ben.email);
    const texts = SHORTCUTS[language];
    const shortcuts = page.getByRole('region', { name: texts.region });
    const cards = shortcuts.getByRole('listitem');
    await expect(cards.first()).toBeVisible();

    // One link per card, named by the card's title alone.
    const count = await cards.count();
    for (let index = 0; index < count; index += 1) {
      await expect(cards.nth(index).getByRole('link')).toHaveCount(1);
    }
    for (const title of texts.titles) {
      await expect(shortcuts.getByRole('link', { name: title, exact: true })).toBeVisible();
    }

    // The link fills the card: its box is the card's, so a click on the description opens it.
    const card = cards.filter({
      has: page.getByRole('link', { name: texts.titles[1], exact: true }),
    });
    const link = card.getByRole('link');
    const [cardBox, linkBox] = [await card.boundingBox(), await link.boundingBox()];
    expect(linkBox?.width).toBe(cardBox?.width);
    expect(linkBox?.height).toBe(cardBox?.height);
    await page.mouse.click(linkBox!.x + linkBox!.width - 8, linkBox!.y + linkBox!.height - 8);
    await expect(page).toHaveURL(/\/my-practice\/employees-overview$/);
    await expect(heading(page)).toHaveText(texts.titles[1]);

    // Keyboard: consecutive tab stops walk from card to card, the focus ring on the card.
    await page.goBack();
    const first = shortcuts.getByRole('link').first();
    await first.focus();
    await page.keyboard.press('Tab');
    await expect(shortcuts.getByRole('link').nth(1)).toBeFocused();
    const outline = await shortcuts
      .getByRole('link')
      .nth(1)
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(heading(page)).not.toHaveText(/^(Guten Tag|Hello)/);
    await context.close();
  });
}
