import { test as base } from '@playwright/test';

/**
 * Each test is a client of its own: the server believes one proxy hop (global-setup.ts sets
 * TRUST_PROXY_HOPS=1), and every request of a test's context says it comes from an address of the
 * test's own (TEST-NET-2, RFC 5737). The per-address limits (a registration, a sandbox signup) then
 * count each test apart, as they would count owners on their own machines, however many tests run.
 */
let clients = 0;
const nextClientAddress = () => {
  clients += 1;
  return `198.51.${100 + Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

/** Every test talks to the server global-setup started (its address is only known at run time). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; these have none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': nextClientAddress() });
  },
});

export { expect } from '@playwright/test';
