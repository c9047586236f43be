import crypto from 'node:crypto';
import type { MessagingConfig } from '../../../contract';
import type { App } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import type { PendingSignup } from '../../../server/sandbox/graph/accounts';
import { connectionSecretAad } from '../../../server/services/whatsapp/connections';
import { bearer, buildTestApp } from './helpers';

/** The sandbox's app secret and verify token, chosen by the tests (META_APP_SECRET / META_VERIFY_TOKEN). */
export const TEST_APP_SECRET = 'sandbox-test-app-secret';
export const TEST_VERIFY_TOKEN = 'sandbox-test-verify-token';

export function sandboxConfig(overrides: Partial<Config['whatsapp']> = {}): Partial<Config> {
  const defaults = loadConfig({ NODE_ENV: 'test' }).whatsapp;
  return { whatsapp: { ...defaults, appSecret: TEST_APP_SECRET, verifyToken: TEST_VERIFY_TOKEN, ...overrides } };
}

/**
 * The app in sandbox mode, listening on a free loopback port: its Graph client then reaches the
 * simulator over real HTTP, as it reaches Meta in production.
 */
export async function buildListeningSandboxApp(db: Db, overrides: Partial<Config['whatsapp']> = {}): Promise<App> {
  const app = await buildTestApp(db, sandboxConfig(overrides));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

let numbers = 0;

/** A North American test number no other test uses, e.g. '+1 555 4xx xxxx'. */
export function uniquePhoneNumber(): string {
  numbers += 1;
  const tail = (crypto.randomInt(0, 100_000) * 100 + (numbers % 100)).toString().padStart(7, '0');
  return `+1 555 ${tail.slice(0, 3)} ${tail.slice(3)}`;
}

/** What the sandbox popup does when the owner finishes: a WABA, the number and a 30-second code. */
export async function startSignup(app: App, phoneNumber = uniquePhoneNumber(), businessName = 'Jasper’s Market') {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/signup/session',
    payload: { business_name: businessName, phone_number: phoneNumber },
  });
  if (response.statusCode !== 201) throw new Error(`signup session answered ${response.statusCode}: ${response.body}`);
  return response.json<PendingSignup>();
}

export async function exchange(app: App, token: string, signup: PendingSignup) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/whatsapp/exchange-token',
    headers: bearer(token),
    payload: { code: signup.code, waba_id: signup.waba_id, phone_number_id: signup.phone_number_id },
  });
}

export async function save(app: App, token: string, signup: PendingSignup, businessToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/whatsapp/embedded-signup',
    headers: bearer(token),
    payload: {
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: 'TBD',
      business_token: businessToken,
    },
  });
}

/** The whole connect flow of the SPA for one owner: signup, exchange, save. */
export async function connectWhatsApp(app: App, token: string, phoneNumber?: string) {
  const signup = await startSignup(app, phoneNumber);
  const exchanged = await exchange(app, token, signup);
  if (exchanged.statusCode !== 200) throw new Error(`exchange answered ${exchanged.statusCode}: ${exchanged.body}`);
  const saved = await save(app, token, signup, exchanged.json<{ business_token: string }>().business_token);
  if (saved.statusCode !== 200) throw new Error(`save answered ${saved.statusCode}: ${saved.body}`);
  return { signup, config: saved.json<MessagingConfig>() };
}

export function signatureFor(body: string | Buffer, secret = TEST_APP_SECRET): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function apiGet(app: App, url: string, token?: string) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
}

/** The real business token, as only the server can read it. */
export async function businessTokenOf(app: App, db: Db, userId: number): Promise<string> {
  const row = await db.one<{ business_token: string }>(
    'select business_token from whatsapp_connections where user_id = $1',
    [userId],
  );
  return app.secrets.decrypt(row.business_token, connectionSecretAad(userId, 'business_token'));
}
