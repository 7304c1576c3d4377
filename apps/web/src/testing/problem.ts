import { HttpResponse } from 'msw';

/** An api refusal as the api writes it: a problem body with the stable code. */
export const problem = (status: number, code: string) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Error', status, code },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
