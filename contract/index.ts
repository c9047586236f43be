export * from './auth';
export * from './errors';
export * from './health';
export * from './inbox';
export * from './messages';
export * from './whatsapp';
export * from './agents';
export * from './analytics';
