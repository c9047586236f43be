import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CUSTOMER_TOKEN_HEADER } from '../../../server/sandbox/phone/customers';
import type { Thread } from '../../../server/sandbox/phone/service';
import { completion, FakeOpenAiServer } from '../../fixtures/openai-server';
import { freePort, startServer, stop, waitForHealth, type Child } from '../support/child-processes';
import { newAccount } from '../support/helpers';

/**
 * `npm start` killed (SIGKILL, as the out-of-memory killer does) while its job runner waits on the
 * model for a customer's reply: started again, it takes the job back at once and the customer gets
 * exactly one answer, seconds later rather than when the job's lease would have run out.
 */

const MODEL_LATENCY_MS = 1_500;
const customerPhone = { [CUSTOMER_TOKEN_HEADER]: crypto.randomBytes(32).toString('base64url') };
let base: string;

async function call<T>(method: string, url: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A verified owner (through the outbox's link) with a sandbox number and an active agent on the test model. */
async function ownerWithAgent(): Promise<{ phoneNumberId: string }> {
  const account = newAccount();
  const { access_token: token } = await call<{ access_token: string }>('POST', '/api/v1/auth/register', account);
  const auth = { authorization: `Bearer ${token}` };
  const mails = await call<{ link: string }[]>('GET', '/api/v1/sandbox/outbox', undefined, auth);
  const verification = new URL(mails[0].link).searchParams.get('token');
  await call('POST', '/api/v1/auth/verify-email', { token: verification });
  const signup = await call<{ code: string; waba_id: string; phone_number_id: string; phone_number: string }>(
    'POST',
    '/sandbox/signup/session',
    { business_name: 'Crash Test Shop', phone_number: '+1 555 010 0777' },
  );
  const { business_token } = await call<{ business_token: string }>(
    'POST',
    '/api/v1/whatsapp/exchange-token',
    { code: signup.code, waba_id: signup.waba_id, phone_number_id: signup.phone_number_id },
    auth,
  );
  await call('POST', '/api/v1/whatsapp/embedded-signup', { ...signup, business_token }, auth);
  const agent = await call<{ id: number }>(
    'POST',
    '/api/v1/agents',
    {
      name: 'Shop agent',
      description: 'Answers customers',
      model: 'openai-compatible/llama3.1',
      system_prompt: 'You are the shop assistant.',
      user_prompt: 'Answer briefly.',
      api_key: 'sk-test-not-a-real-key-0000',
    },
    auth,
  );
  await call('PUT', `/api/v1/agents/${agent.id}/activate`, undefined, auth);
  return { phoneNumberId: signup.phone_number_id };
}

const model = new FakeOpenAiServer(MODEL_LATENCY_MS);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-crash-'));
let server: Child | undefined;

afterAll(async () => {
  if (server) await stop(server);
  await model.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers a customer once after the server is killed mid-reply and started again', async () => {
  model.answer(completion('We open at nine.'));
  const env = { OPENAI_COMPATIBLE_BASE_URL: await model.start(), REPLY_DEBOUNCE_MS: '0' };
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(dataDir, port, env);
  await waitForHealth(server, port);
  const { phoneNumberId } = await ownerWithAgent();

  await call(
    'POST',
    '/sandbox/phone/messages',
    { phone_number_id: phoneNumberId, name: 'Ann', phone_number: '+1 650 555 0101', text: 'When do you open?' },
    customerPhone,
  );
  while (model.replyRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  await stop(server, 'SIGKILL');

  const restartedAt = Date.now();
  server = startServer(dataDir, port, env);
  await waitForHealth(server, port);
  const thread = async () =>
    call<Thread>(
      'GET',
      `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=16505550101`,
      undefined,
      customerPhone,
    );
  let answers = (await thread()).messages.filter((message) => message.from === 'business');
  while (answers.length === 0 && Date.now() - restartedAt < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answers = (await thread()).messages.filter((message) => message.from === 'business');
  }
  // Not after the 30 s lease: the restarted process took the job back as it started.
  expect(server.output().stdout).toContain('taking back the jobs a crashed process left');
  expect(answers.map((message) => message.text)).toEqual(['We open at nine.']);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await thread()).messages.filter((message) => message.from === 'business')).toHaveLength(1);
  expect(model.replyRequests).toHaveLength(2);
}, 120_000);
