export * from './auth.ts';
export * from './applications.ts';
export * from './sections.ts';
export * from './visitors.ts';
export * from './community.ts';
export * from './live.ts';
export * from './moderation.ts';
export * from './mail.ts';
