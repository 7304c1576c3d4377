import { ProblemSchema } from '@pp/contract';

/**
 * The check of a refusal's problem details. In the browser build this module is replaced by the
 * schema's compiled check (`build/compiled-answers.ts`, decision 0091), so the first screen
 * carries no zod; elsewhere (unit tests, the dev server) it is the contract's schema itself.
 */
export const problemAnswer: Pick<typeof ProblemSchema, 'safeParse'> = ProblemSchema;
