export * from './roles.ts';
export * from './guard.ts';
export * from './limits.ts';
export * from './schemas.ts';
export * from './url.ts';
