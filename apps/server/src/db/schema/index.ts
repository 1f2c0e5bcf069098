export * from './auth.ts';
export * from './applications.ts';
export * from './sections.ts';
export * from './visitors.ts';
