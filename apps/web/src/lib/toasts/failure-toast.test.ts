import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode, FieldErrorCode } from '@pp/contract';
import { ApiCallError } from '../api/api-context.ts';
import { createI18n } from '../i18n/i18n.ts';
import { failureToastKey } from './failure-toast.ts';
import { TOAST_MESSAGES } from './toast-store.ts';

const FALLBACK = TOAST_MESSAGES.SAVE_ERROR;

describe('failureToastKey', () => {
  it('says why a refusal happened, in its code’s own words', async () => {
    const i18n = await createI18n('de');
    const tooMany = failureToastKey(new ApiCallError(429, ErrorCode.rateLimited), FALLBACK);
    expect(i18n.t(tooMany)).toBe(
      'Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    );
    const refused = new ApiCallError(400, ErrorCode.validation, [
      { field: 'body.email', code: FieldErrorCode.prohibitedAlias },
    ]);
    expect(i18n.t(failureToastKey(refused, FALLBACK))).toBe('Bitte prüfen Sie Ihre Angaben.');
  });

  it('gives every refusal code a text of its own, never the fallback', () => {
    const refusals = ERROR_CODES.filter(
      (code) => code !== ErrorCode.internal && code !== ErrorCode.unavailable,
    );
    const keys = refusals.map((code) => failureToastKey(new ApiCallError(400, code), FALLBACK));
    expect(new Set(keys).size).toBe(refusals.length);
    expect(keys).not.toContain(FALLBACK);
  });

  it('keeps the fallback when the server failed or could not be reached', () => {
    expect(failureToastKey(new ApiCallError(500, ErrorCode.internal), FALLBACK)).toBe(FALLBACK);
    expect(failureToastKey(new ApiCallError(503, ErrorCode.unavailable), FALLBACK)).toBe(FALLBACK);
    expect(failureToastKey(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
  });
});
