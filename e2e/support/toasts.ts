import { expect, type BrowserContext, type Page } from '@playwright/test';

// The portal's toasts stay 2000 ms (docs/product.md, the error catalogue). A check that polls
// the screen for one can come after it has gone when a busy CI machine holds up the test process
// (one did, at a load of 14 on two cores), so each page notes every status and alert message as
// it appears, and specs look in those notes.

/** A status or alert message as the page showed it. */
export interface ShownMessage {
  role: 'status' | 'alert';
  text: string;
}

declare global {
  interface Window {
    ppShownMessages?: ShownMessage[];
    /** Tells one document's notes from the next one's (a navigation starts them afresh). */
    ppShownDocument?: string;
  }
}

/**
 * Notes each visible `status` and `alert` element's text when it appears or its text changes.
 * Runs in the page as an init script, so it watches from before the app's first render.
 */
function noteShownMessages() {
  if (window.ppShownMessages) return;
  const shown: ShownMessage[] = [];
  window.ppShownMessages = shown;
  window.ppShownDocument = Math.random().toString(36).slice(2);
  const noted = new WeakMap<Element, string>();
  const scan = () => {
    for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
      const text = element.textContent?.trim() ?? '';
      if (text === '' || noted.get(element) === text || !element.checkVisibility()) continue;
      noted.set(element, text);
      shown.push({
        role: element.getAttribute('role') === 'alert' ? 'alert' : 'status',
        text,
      });
    }
  };
  new MutationObserver(scan).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** Makes every page of this browser context note its messages (fixtures.ts does it for all). */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(noteShownMessages);
}

/** Per page: the document whose notes were last looked at, and the first note not yet matched. */
const cursors = new WeakMap<Page, { document: string; next: number }>();

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Expects the page to have shown a message of this role whose text contains `text` (or matches
 * it), after the one the previous call on this page matched: each call takes one message, so a
 * toast shown twice needs two.
 */
export async function expectToast(
  page: Page,
  text: string | RegExp,
  role: ShownMessage['role'] = 'status',
) {
  const pattern = typeof text === 'string' ? escaped(text) : new RegExp(text.source, text.flags);
  let matched: { document: string; index: number } | undefined;
  await expect
    .poll(
      async () => {
        const notes = await page.evaluate(() => ({
          document: window.ppShownDocument,
          messages: window.ppShownMessages,
        }));
        if (notes.document === undefined || notes.messages === undefined) {
          throw new Error('this page notes no messages: call recordToasts(context) first');
        }
        const cursor = cursors.get(page);
        const from = cursor?.document === notes.document ? cursor.next : 0;
        const unmatched = notes.messages.slice(from);
        const index = unmatched.findIndex(
          (message) => message.role === role && pattern.test(message.text),
        );
        if (index >= 0) matched = { document: notes.document, index: from + index };
        return unmatched;
      },
      { message: `the page shows a ${role} message matching ${String(pattern)}` },
    )
    .toContainEqual({ role, text: expect.stringMatching(pattern) });
  if (matched) cursors.set(page, { document: matched.document, next: matched.index + 1 });
}
