/**
 * The statement's dates (decision 0080), changed with each review: when it was first written
 * and when the portal was last checked against it (axe on every route, keyboard-only flows).
 */
export const STATEMENT_WRITTEN = '2026-11-27';
export const LAST_REVIEWED = '2026-11-28';
