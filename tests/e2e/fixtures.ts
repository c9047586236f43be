import { test as base } from '@playwright/test';

/** Every test talks to the server global-setup started (its address is only known at run time). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect } from '@playwright/test';
