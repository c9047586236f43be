import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VALIDATION, type RegisterBody, type TokenResponse, type UserProfile } from '../../../contract';
import { buildApp, type App } from '../../../server/app';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config, type RateLimits } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import { migrate } from '../../../server/db/migrate';
import { CUSTOMER_TOKEN_HEADER } from '../../../server/sandbox/phone/customers';
import { outboxAad } from '../../../server/services/mail/outbox';

export interface TestDb {
  db: Db;
  /** Closes the database and drops what the test file made. */
  dispose(): Promise<void>;
}

/**
 * Whether a column's value is a timestamp (a Date). The embedded database answers from its own
 * thread, whose Dates are not of the test's realm: `toBeInstanceOf(Date)` would say no.
 */
export function isTimestamp(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object Date]';
}

/**
 * One database per test file (PGlite in memory, or a fresh schema in the PostgreSQL that
 * DATABASE_URL names), migrated once (by `prepare`, which tests of the migrations replace); each
 * test then makes its own owner (user).
 */
export async function openTestDb(prepare: (db: Db) => Promise<unknown> = migrate): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    await prepare(db);
    return { db, dispose: () => db.close() };
  }
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url);
  await admin.exec(`create schema ${schema}`);
  const db = await openPostgres(url, `-c search_path=${schema},public`);
  await prepare(db);
  return {
    db,
    async dispose() {
      await db.close();
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/** Limits no ordinary test reaches; rate-limit tests pass small ones through `buildTestApp`. */
export const GENEROUS_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [rule, { max: 1_000_000, windowSeconds: 60 }]),
) as unknown as RateLimits;

/** The data folders this test file's apps made: removed when the scope that made them ends (useTestApp). */
const dataDirs: string[] = [];

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-test-'));
  dataDirs.push(dataDir);
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir,
    webDir: path.join(dataDir, 'no-web-build'),
    publicUrl: 'http://localhost:3000',
    rateLimits: GENEROUS_RATE_LIMITS,
    ...overrides,
  };
}

/** The real app on the file's database; `app.inject` drives it without a socket. */
export async function buildTestApp(db: Db, overrides: Partial<Config> = {}): Promise<App> {
  const app = await buildApp(testConfig(overrides), { db, logger: false });
  await app.ready();
  return app;
}

/** What a test file works with: its app, on its own database. */
export interface TestContext {
  readonly app: App;
  readonly db: Db;
}

/**
 * Opens the test file's database and builds its app before its tests, and closes both after them.
 * The context's fields are read inside tests (after beforeAll has run).
 */
export function useTestApp(build: (db: Db) => Promise<App> = (db) => buildTestApp(db)): TestContext {
  let testDb: TestDb | undefined;
  let app: App | undefined;
  let firstDataDir = 0;
  beforeAll(async () => {
    firstDataDir = dataDirs.length;
    testDb = await openTestDb();
    app = await build(testDb.db);
  });
  // Closing aborts what is in flight (server/plugins/shutdown.ts); before it did, a request under way
  // at close kept its connection for the keep-alive timeout (72 s) and this hook timed out.
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
    // The folders of the apps made since this scope began (its own, its tests'), all closed by now.
    for (const dir of dataDirs.splice(firstDataDir)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('the test app is built in beforeAll');
      return app;
    },
    get db() {
      if (!testDb) throw new Error('the test database is opened in beforeAll');
      return testDb.db;
    },
  };
}

/** New passwords every route that sets one refuses, with the text it answers (ASVS 6.2.4). */
export const WEAK_PASSWORDS: [password: string, text: string][] = [
  ['12345678', VALIDATION.passwordTooCommon],
  ['password', VALIDATION.passwordTooCommon],
  ['Password', VALIDATION.passwordTooCommon],
  [' '.repeat(8), VALIDATION.passwordOnlySpaces],
  ['Threadline2026!', VALIDATION.passwordTooPersonal],
];

/** The customer phone's browser token that every server test's pretend customers belong to. */
export const SANDBOX_CUSTOMER = { [CUSTOMER_TOKEN_HEADER]: 'server-tests-customer-phone-token-0123456789' };

let accounts = 0;

/** A registration body with an email and username no other test uses. */
export function newAccount(overrides: Partial<RegisterBody> = {}): RegisterBody {
  accounts += 1;
  const tag = `${crypto.randomBytes(4).toString('hex')}${accounts}`;
  const password = overrides.password ?? 'correct horse battery';
  return {
    email: `owner.${tag}@example.com`,
    username: `owner_${tag}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    password,
    confirm_password: password,
    ...overrides,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface RegisteredUser {
  token: string;
  user: UserProfile;
  email: string;
  username: string;
  password: string;
}

/** Registers a fresh owner through the API and reads back its profile. */
export async function registerUser(app: App, overrides: Partial<RegisterBody> = {}): Promise<RegisteredUser> {
  const body = newAccount(overrides);
  const registered = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const token = registered.json<TokenResponse>().access_token;
  const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
  return { token, user: me.json<UserProfile>(), email: body.email, username: body.username, password: body.password };
}

/** Signs in through the form-encoded login, as the SPA does; returns the access token. */
export async function signIn(app: App, username: string, password: string, rememberMe?: string): Promise<string> {
  const form = new URLSearchParams({ username, password, ...(rememberMe ? { remember_me: rememberMe } : {}) });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return response.json<TokenResponse>().access_token;
}

/**
 * The mails kept for `email`, oldest first, opened as their owner would read them in their mailbox
 * (the outbox route itself lists only the signed-in owner's mail; the table holds them sealed).
 */
export async function mailsTo(
  app: App,
  email: string,
): Promise<{ subject: string; text: string; link: string | null }[]> {
  const rows = await app.db.query<{ subject: string; text: string; link: string | null; to_address: string }>(
    'select subject, text, link, to_address from outbox_mails where lower(to_address) = lower($1) order by id',
    [email],
  );
  return rows.map((row) => ({
    subject: row.subject,
    text: app.secrets.decrypt(row.text, outboxAad(row.to_address)),
    link: row.link === null ? null : app.secrets.decrypt(row.link, outboxAad(row.to_address)),
  }));
}

/** The link of the newest mail kept for `email` (verification or reset). */
export async function latestMailLink(app: App, email: string): Promise<string> {
  const link = (await mailsTo(app, email)).at(-1)?.link;
  if (!link) throw new Error(`no mail with a link to ${email}`);
  return link;
}

/** The token a mailed link carries. */
export async function latestMailToken(app: App, email: string): Promise<string> {
  const token = new URL(await latestMailLink(app, email)).searchParams.get('token');
  if (!token) throw new Error(`the newest mail to ${email} has no token`);
  return token;
}
