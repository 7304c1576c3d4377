import { HttpResponse } from 'msw';

import type { FieldError } from '@pp/contract';

/** An api refusal as the api writes it: a problem body with the stable code (and field errors). */
export const problem = (status: number, code: string, errors?: readonly FieldError[]) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, code, ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
