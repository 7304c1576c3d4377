/**
 * What the accessibility statement says is checked — and what the end-to-end suite checks: the
 * same lists (issue 43, point 4). `e2e/support/axe.ts` runs axe with {@link AXE_RULE_TAGS} and
 * measures sideways scrolling at {@link CHECKED_WIDTHS}; `measured.test.ts` fails when a screen or
 * a keyboard task listed here has no spec that checks it. A check that fails stops the change in
 * CI, so a claim on the statement cannot stand beside a failing check.
 */

/** axe-core's rule tags: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_RULE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const;

/** The widths at which every screen is measured for sideways scrolling, in CSS pixels. */
export const CHECKED_WIDTHS = [360, 768, 1280] as const;

/** The spec that measures sideways scrolling on every screen below. */
export const WIDTHS_SPEC = 'shell/sideways-scroll.spec.ts';

/**
 * Each screen (with the states checked) and the specs under `e2e/specs` whose axe analyses
 * cover it, in German and English, in the light and the dark theme. The key names its text
 * (`ACCESSIBILITY_STATEMENT.SCREENS.<key>`).
 */
export const CHECKED_SCREENS = [
  { key: 'SHELL', specs: ['shell/accessibility.spec.ts'] },
  { key: 'STATEMENT', specs: ['shell/accessibility-statement.spec.ts'] },
  { key: 'PROFILE', specs: ['account/profile-accessibility.spec.ts'] },
  { key: 'NEWSLETTER', specs: ['account/newsletter-accessibility.spec.ts'] },
  { key: 'VERIFY', specs: ['account/verify-accessibility.spec.ts'] },
  {
    key: 'SECURITY',
    specs: ['security/sessions.spec.ts', 'security/totp.spec.ts', 'security/passkeys.spec.ts'],
  },
  {
    key: 'PRACTICES',
    specs: ['practices/accessibility.spec.ts', 'practices/memberships-accessibility.spec.ts'],
  },
  { key: 'EMPLOYEES', specs: ['employees/accessibility.spec.ts', 'employees/bulk.spec.ts'] },
  { key: 'LOCATIONS', specs: ['locations/accessibility.spec.ts'] },
  { key: 'ACTIVITY', specs: ['practices/activity-log.spec.ts'] },
  {
    key: 'PROVIDER',
    specs: ['sign-in/provider-axe.spec.ts', 'account/accessibility.spec.ts'],
  },
] as const;

/**
 * Tasks run with the keyboard only, and their specs (`ACCESSIBILITY_STATEMENT.KEYBOARD.<key>`).
 */
export const KEYBOARD_TASKS = [
  { key: 'NAVIGATION', specs: ['shell/route-focus.spec.ts'] },
  { key: 'UNSAVED_CHANGES', specs: ['account/unsaved-changes.spec.ts'] },
  { key: 'SESSIONS', specs: ['security/sessions.spec.ts'] },
  { key: 'PASSKEYS', specs: ['security/passkeys.spec.ts'] },
  { key: 'DATA_EXPORT', specs: ['account/personal-data-export.spec.ts'] },
] as const;

/**
 * What is known not to conform (`ACCESSIBILITY_STATEMENT.KNOWN.<key>`): a finding goes here
 * until it is fixed, and the statement lists it.
 */
export const KNOWN_NOT_CONFORMING: readonly string[] = [];
