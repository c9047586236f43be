import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AgentDetail, TokenResponse } from '../contract';
import { buildApp, type App } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import type { Db } from '../server/db/client';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import type { PendingSignup } from '../server/sandbox/graph/accounts';
import { CUSTOMER_TOKEN_HEADER } from '../server/sandbox/phone/customers';

/**
 * The real app on a fresh, migrated embedded PGlite with a throw-away data directory, configured as
 * the tests are plus what `adjust` says; `close` stops the app and removes it all.
 */
export async function openBenchApp(
  name: string,
  adjust: (base: Config) => Partial<Config> = () => ({}),
): Promise<{ app: App; db: Db; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `threadline-bench-${name}-`));
  const db = await openPglite();
  await migrate(db);
  const base = loadConfig({ NODE_ENV: 'test' });
  const config = { ...base, dataDir, webDir: path.join(dataDir, 'no-web'), ...adjust(base) };
  const app = await buildApp(config, { db, logger: false });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database `threadline_bench_<name>_<random>` on the PostgreSQL at BENCH_DATABASE_URL or
 * DATABASE_URL, else the local one: its address, a pool on it (not migrated) and how to drop it all.
 */
export async function openBenchPostgres(name: string): Promise<{ url: string; db: Db; close: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const database = `threadline_bench_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl);
  await admin.exec(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const close = async () => {
    await db?.close();
    await admin.exec(`drop database if exists ${database} with (force)`);
    await admin.close();
  };
  let db: Db | undefined;
  try {
    db = await openPostgres(url.toString());
  } catch (error) {
    await close();
    throw error;
  }
  return { url: url.toString(), db, close };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * How a bench talks to the API: in process through `app.inject`, or over HTTP to real processes.
 * Each call answers its JSON; anything but a success stops the bench.
 */
export interface Api {
  /** A JSON body, or raw bytes (a multipart upload) sent with the headers given. */
  call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers?: Record<string, string>): Promise<T>;
}

function answered(method: string, url: string, status: number, body: string): void {
  if (status >= 300) throw new Error(`${method} ${url} answered ${status}: ${body}`);
}

export function injectApi(app: App): Api {
  return {
    async call(method, url, payload, headers = {}) {
      const response = await app.inject({ method, url, payload: payload as Buffer | undefined, headers });
      answered(method, url, response.statusCode, response.body);
      return response.json();
    },
  };
}

export function httpApi(baseUrl: string): Api {
  return {
    async call(method, url, payload, headers = {}) {
      const raw = Buffer.isBuffer(payload);
      const response = await fetch(baseUrl + url, {
        method,
        headers: { ...(payload && !raw ? { 'content-type': 'application/json' } : {}), ...headers },
        body: raw ? new Uint8Array(payload) : payload ? JSON.stringify(payload) : undefined,
      });
      const body = await response.text();
      answered(method, url, response.status, body);
      return JSON.parse(body);
    },
  };
}

/** Registers the owner `name` through the API; their access token. */
export async function registeredOwner(api: Api, name: string): Promise<string> {
  const password = 'correct horse battery';
  const { access_token: token } = await api.call<TokenResponse>('POST', '/api/v1/auth/register', {
    email: `${name.replace(/_/g, '-')}@example.com`,
    username: name,
    first_name: 'Bench',
    last_name: 'Owner',
    password,
    confirm_password: password,
  });
  return token;
}

/**
 * A registered owner with a connected sandbox number, through the same API calls the SPA makes:
 * register, the sandbox signup, the code exchange and saving the connection.
 */
export async function connectedOwner(api: Api, name: string, business: string, phoneNumber: string) {
  const token = await registeredOwner(api, name);
  const signup = await api.call<PendingSignup>('POST', '/sandbox/signup/session', {
    business_name: business,
    phone_number: phoneNumber,
  });
  const { business_token: businessToken } = await api.call<{ business_token: string }>(
    'POST',
    '/api/v1/whatsapp/exchange-token',
    { code: signup.code, waba_id: signup.waba_id, phone_number_id: signup.phone_number_id },
    bearer(token),
  );
  await api.call(
    'POST',
    '/api/v1/whatsapp/embedded-signup',
    {
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: signup.phone_number,
      business_token: businessToken,
    },
    bearer(token),
  );
  return { token, signup };
}

/** The benches' customer phone: one browser token that owns every pretend customer number it uses. */
export const CUSTOMER_PHONE_HEADERS = { [CUSTOMER_TOKEN_HEADER]: crypto.randomBytes(32).toString('base64url') };

/** A verified owner `name` with a connected sandbox number and an active agent on `model`, through the API. */
export async function ownerWithAgent(api: Api, name: string, model: string) {
  const { token, signup } = await connectedOwner(api, name, 'Bench Shoes', '+1 555 010 0002');
  // The verification link, from the dev outbox (benches run without SMTP), as the owner would open it.
  const [mail] = await api.call<{ link: string }[]>('GET', '/api/v1/sandbox/outbox', undefined, bearer(token));
  await api.call('POST', '/api/v1/auth/verify-email', { token: new URL(mail.link).searchParams.get('token') });
  const agent = await api.call<AgentDetail>(
    'POST',
    '/api/v1/agents/',
    {
      name: 'Bench agent',
      description: 'Answers shoe questions',
      model,
      system_prompt: 'You are the shop assistant.',
      user_prompt: 'Answer {{customer_name}} briefly: {{message}}',
      api_key: 'sk-bench-not-a-real-key-0000',
    },
    bearer(token),
  );
  await api.call('PUT', `/api/v1/agents/${agent.id}/activate`, undefined, bearer(token));
  return { token, signup, agentId: agent.id };
}
