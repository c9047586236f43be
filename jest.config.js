/** Two Jest projects: the SPA in jsdom and the server in node, both transpiled by swc (no type-check). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // ESM-only packages are transpiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(typebox|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  clearMocks: true,
};

module.exports = {
  // A cold PGlite (WASM) start and argon2 hashing take seconds on a busy 2-core machine; hooks
  // share this limit. Jest reads it only here, not per project.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: '<rootDir>/tests/web/support/environment.js',
      roots: ['<rootDir>/tests/web'],
      setupFilesAfterEnv: ['<rootDir>/tests/web/support/setup.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/server'],
      // `*.pg.test.ts` need a real PostgreSQL (the scaled-out shape's job engine): they run only in the
      // PostgreSQL pass (DATABASE_URL set), as CI's second run of this project does. `*.embedded.test.ts`
      // start real embedded servers of their own, whatever DATABASE_URL says: they run only in the first.
      testPathIgnorePatterns: [process.env.DATABASE_URL ? '\\.embedded\\.test\\.ts$' : '\\.pg\\.test\\.ts$'],
    },
  ],
};
