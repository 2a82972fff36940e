export * from './messages.ts';
export * from './accounts.ts';
export * from './routes.ts';
export * from './web.ts';
export * from './uploads.ts';
export * from './plans.ts';
export * from './billing.ts';
