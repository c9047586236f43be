/** The sandbox's webhooks: their shapes, how each is built, and their signed delivery with retries. */
export * from './delivery';
export * from './payloads';
export * from './types';
