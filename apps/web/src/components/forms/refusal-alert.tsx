import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@pp/contract';
import { ApiCallError } from '../../lib/api/api-context.ts';
import { errorTextKey } from '../../lib/api/error-texts.ts';

/** Refusals a toast says enough about: bad input shows at its fields, outages need no advice. */
const SAID_ELSEWHERE: readonly string[] = [
  ErrorCode.validation,
  ErrorCode.internal,
  ErrorCode.unavailable,
  ErrorCode.unauthenticated,
];

/** Whether {@link RefusalAlert} has something to say about this error. */
export function explainsRefusal(error: unknown): error is ApiCallError {
  return error instanceof ApiCallError && !SAID_ELSEWHERE.includes(error.code);
}

/**
 * Why the api refused a save the user can do something about (a disabled practice, a limit,
 * too many attempts), beside the form, in the api code's translated words.
 */
export function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!explainsRefusal(error)) return null;
  return (
    <Alert role="alert" color="red" variant="outline" mb="md">
      {t(errorTextKey(error.code))}
    </Alert>
  );
}
