export * from './api/auth.ts';
export * from './api/config.ts';
export * from './api/errors.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './tiers.ts';
export * from './validation/auth.ts';
