// Every call of the api, one file per area of the specification (§7).
export * from './activity.ts';
export * from './company.ts';
export * from './customer.ts';
export * from './customer-account.ts';
export * from './employee.ts';
export * from './employee-bulk.ts';
export * from './exports.ts';
export * from './lifetime.ts';
export * from './location.ts';
export * from './location-edit.ts';
export * from './preferences.ts';
export * from './rights.ts';
export * from './second-factors.ts';
export * from './security.ts';
export * from './test-endpoints.ts';
export * from './utility.ts';
