// Loaded by `prefetchForms` only: importing one of the contract's schemas brings the chunk of
// zod and all the schemas the forms check with (decision 0091).
export { CustomerUpdateSchema } from '@pp/contract';
