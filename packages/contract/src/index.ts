export * from './access.ts';
export * from './call.ts';
export * as calls from './calls.ts';
export * from './codes.ts';
export * from './customer.ts';
export * from './dates.ts';
export * from './email.ts';
export * from './picklists.ts';
export * from './problem.ts';
