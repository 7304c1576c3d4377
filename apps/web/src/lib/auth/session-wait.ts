// Part of the first visit's light entry (decision 0034): the wait while a new tab settles its
// session (decision 0038), before i18next and the app are loaded. Styled by first-paint.css
// like the app's own wait (auth-screens.tsx), which replaces it.

const TEXTS = {
  de: { name: 'Praxisportal', wait: 'Anmeldung wird geprüft …' },
  en: { name: 'Practice Portal', wait: 'Checking your sign-in …' },
} as const;

/** A session settled sooner shows no wait at all: nothing flashes. */
export const SESSION_WAIT_DELAY_MS = 400;

/**
 * Puts the wait into `root`, invisible and silent at first; after `delayMs` it shows and its
 * status region announces the text (a region that exists before its text is read reliably).
 * The app's first render replaces it. Returns a function that keeps it from showing.
 */
export function showSessionWait(
  root: HTMLElement,
  language: string,
  /** The operator's `PORTAL_NAME` once the configuration is loaded (else the default name). */
  portalName: () => string | null | undefined = () => undefined,
  delayMs: number = SESSION_WAIT_DELAY_MS,
): () => void {
  const texts = language === 'en' ? TEXTS.en : TEXTS.de;
  const main = document.createElement('main');
  main.className = 'pp-auth';
  main.lang = language === 'en' ? 'en' : 'de';
  main.setAttribute('aria-busy', 'true');
  const card = document.createElement('div');
  card.className = 'pp-auth-card pp-auth-pending';
  const heading = document.createElement('h1');
  heading.textContent = texts.name;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  card.append(heading, status);
  main.append(card);
  root.replaceChildren(main);
  const timer = window.setTimeout(() => {
    heading.textContent = portalName() ?? texts.name;
    card.classList.remove('pp-auth-pending');
    status.textContent = texts.wait;
  }, delayMs);
  return () => window.clearTimeout(timer);
}
