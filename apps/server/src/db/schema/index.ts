export * from './characters.ts';
export * from './chats.ts';
export * from './daily-usage.ts';
export * from './email-verification-tokens.ts';
export * from './messages.ts';
export * from './password-reset-tokens.ts';
export * from './users.ts';
