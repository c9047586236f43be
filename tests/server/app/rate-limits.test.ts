import type { App } from '../../../server/app';
import type { RateLimits } from '../../../server/config';
import { TooManyRequests } from '../../../server/errors';
import { addressKey, RateLimiter } from '../../../server/services/rate-limit';
import {
  buildTestApp,
  GENEROUS_RATE_LIMITS,
  newAccount,
  openTestDb,
  SANDBOX_CUSTOMER,
  type TestDb,
} from '../support/helpers';
import { startSignup } from '../support/whatsapp-helpers';

describe('RateLimiter', () => {
  const limit = { max: 2, windowSeconds: 60 };
  let now: number;
  let limiter: RateLimiter;
  beforeEach(() => {
    now = 1_000_000;
    limiter = new RateLimiter(() => now);
  });

  it('refuses the attempt after the limit and says when to come back', () => {
    limiter.consume('rule', 'key', limit);
    limiter.consume('rule', 'key', limit);
    now += 10_000;
    let refusal: unknown;
    try {
      limiter.consume('rule', 'key', limit);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBe(50);
    expect((refusal as TooManyRequests).message).toBe('Too many attempts. Please try again in 50 seconds.');
  });

  it('counts keys and rules apart', () => {
    limiter.consume('rule', 'a', limit);
    limiter.consume('rule', 'a', limit);
    expect(() => limiter.consume('rule', 'b', limit)).not.toThrow();
    expect(() => limiter.consume('other', 'a', limit)).not.toThrow();
  });

  it('starts a new window once the old one ends', () => {
    limiter.consume('rule', 'key', limit);
    limiter.consume('rule', 'key', limit);
    now += 60_000;
    expect(() => limiter.consume('rule', 'key', limit)).not.toThrow();
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as the IPv4 address', () => {
    limiter.consume('rule', '2001:db8:1:2::1', limit);
    limiter.consume('rule', '2001:db8:1:2:ffff:0:0:7', limit);
    expect(() => limiter.consume('rule', '2001:0db8:0001:0002:abcd::9', limit)).toThrow(TooManyRequests);
    expect(() => limiter.consume('rule', '2001:db8:1:3::1', limit)).not.toThrow();
    limiter.consume('rule', '192.0.2.7', limit);
    limiter.consume('rule', '::ffff:192.0.2.7', limit);
    expect(() => limiter.consume('rule', '192.0.2.7', limit)).toThrow(TooManyRequests);
    expect(addressKey('::ffff:c000:0207')).toBe('192.0.2.7');
    expect(addressKey('user:12')).toBe('user:12');
  });

  it('checks without counting, and records without refusing', () => {
    limiter.check('rule', 'key', limit);
    limiter.check('rule', 'key', limit);
    limiter.record('rule', 'key', limit);
    limiter.record('rule', 'key', limit);
    expect(() => limiter.check('rule', 'key', limit)).toThrow(TooManyRequests);
  });
});

describe('rate limits of the account routes', () => {
  let testDb: TestDb;
  let app: App;
  let addresses = 0;
  const limits: RateLimits = {
    ...GENEROUS_RATE_LIMITS,
    loginPerAccount: { max: 2, windowSeconds: 15 * 60 },
    loginPerAddress: { max: 3, windowSeconds: 15 * 60 },
    registerPerAddress: { max: 2, windowSeconds: 60 * 60 },
    resetRequestPerEmail: { max: 1, windowSeconds: 60 * 60 },
    resetRequestPerAddress: { max: 2, windowSeconds: 60 * 60 },
    resendVerificationPerEmail: { max: 1, windowSeconds: 60 * 60 },
    resendVerificationPerAddress: { max: 2, windowSeconds: 60 * 60 },
    availabilityPerAddress: { max: 2, windowSeconds: 60 },
    sandboxPhonePerAddress: { max: 2, windowSeconds: 60 },
    sandboxPhoneReadsPerAddress: { max: 2, windowSeconds: 60 },
    sandboxSignupPerAddress: { max: 2, windowSeconds: 60 * 60 },
    badLinkTokensPerAddress: { max: 2, windowSeconds: 15 * 60 },
    webhookRefusalsPerAddress: { max: 2, windowSeconds: 60 },
    healthPerAddress: { max: 2, windowSeconds: 60 },
  };

  beforeAll(async () => {
    testDb = await openTestDb();
    app = await buildTestApp(testDb.db, {
      rateLimits: limits,
      loginBackoff: { freeFailures: 2, baseDelaySeconds: 1, maxDelaySeconds: 300, forgetAfterSeconds: 900 },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  /** Each test comes from its own client address, so that the per-address counts start at zero. */
  function clientAddress(): string {
    addresses += 1;
    return `10.0.${Math.floor(addresses / 250)}.${addresses % 250}`;
  }

  function post(url: string, payload: object, remoteAddress: string) {
    return app.inject({ method: 'POST', url, payload, remoteAddress });
  }

  /** An owner registered from an address of its own, so that no test uses up another's registrations. */
  async function registerOwner() {
    const body = newAccount();
    expect((await post('/api/v1/auth/register', body, clientAddress())).statusCode).toBe(201);
    return body;
  }

  function expectTooMany(response: Awaited<ReturnType<typeof post>>, minutes: number) {
    expect(response.statusCode).toBe(429);
    const text = `Too many attempts. Please try again in ${minutes} minutes.`;
    expect(response.json()).toEqual({ detail: text, message: text, code: 'rate_limited' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan((minutes - 1) * 60);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(minutes * 60);
  }

  it('slows down the clients that fail against an account, email and username together', async () => {
    const { email, username, password } = await registerOwner();
    const from = clientAddress();
    for (const name of [email.toUpperCase(), username.toUpperCase()]) {
      expect((await post('/api/v1/auth/login', { username: name, password: 'wrong guess' }, from)).statusCode).toBe(
        401,
      );
    }
    const refused = await post('/api/v1/auth/login', { username, password }, from);
    expect(refused.statusCode).toBe(429);
    const text = 'Too many attempts. Please try again in 1 second.';
    expect(refused.json()).toEqual({ detail: text, message: text, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('never refuses the right password from a client that has not been failing', async () => {
    const { username, password } = await registerOwner();
    for (const attacker of [clientAddress(), clientAddress(), clientAddress()]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const guess = { username, password: `guess ${attempt}` };
        expect([401, 429]).toContain((await post('/api/v1/auth/login', guess, attacker)).statusCode);
      }
    }
    expect((await post('/api/v1/auth/login', { username, password }, clientAddress())).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against the account or the client address', async () => {
    const { username, password } = await registerOwner();
    const from = clientAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/v1/auth/login', { username, password }, from)).statusCode).toBe(200);
    }
  });

  it('stops failed sign-ins from one client address after its attempts', async () => {
    const from = clientAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await post('/api/v1/auth/login', { username: `nobody${attempt}`, password: 'x12345678' }, from);
      expect(response.statusCode).toBe(401);
    }
    expectTooMany(await post('/api/v1/auth/login', { username: 'nobody9', password: 'x12345678' }, from), 15);
  });

  it("stops a client's messages from the sandbox customer phone after its limit, not another client's", async () => {
    const from = clientAddress();
    const message = {
      phone_number_id: 'no-such-number',
      phone_number: '+1 555 000 1111',
      name: 'Spam',
      text: 'Buy now',
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/sandbox/phone/messages', message, from)).statusCode).toBe(422);
    }
    const refused = await post('/sandbox/phone/messages', message, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await post('/sandbox/phone/messages', message, clientAddress())).statusCode).toBe(422);
  });

  it("stops a client's reads of the sandbox phone's threads, which claim customer numbers, after its limit", async () => {
    const business = await startSignup(app);
    await app.db.query('update sandbox_phone_numbers set registered_at = now() where id = $1', [
      business.phone_number_id,
    ]);
    const from = clientAddress();
    const read = (waId: string, remoteAddress: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/phone/thread?phone_number_id=${business.phone_number_id}&wa_id=${waId}`,
        headers: SANDBOX_CUSTOMER,
        remoteAddress,
      });
    const claimed = async (waId: string) =>
      (await app.db.maybeOne('select 1 from sandbox_customers where wa_id = $1', [waId])) !== undefined;
    expect((await read('16505550001', from)).statusCode).toBe(200);
    expect((await read('16505550002', from)).statusCode).toBe(200);
    expect(await claimed('16505550002')).toBe(true);
    const refused = await read('16505550003', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(await claimed('16505550003')).toBe(false);
    expect((await read('16505550004', clientAddress())).statusCode).toBe(200);
  });

  it("stops a client's pretend signups in the sandbox after its limit, not another client's", async () => {
    const from = clientAddress();
    const signup = (phone: string, address: string) =>
      post('/sandbox/signup/session', { business_name: 'Spam Shop', phone_number: phone }, address);
    expect((await signup('+1 555 300 0001', from)).statusCode).toBe(201);
    expect((await signup('+1 555 300 0002', from)).statusCode).toBe(201);
    const refused = await signup('+1 555 300 0003', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await signup('+1 555 300 0004', clientAddress())).statusCode).toBe(201);
  });

  it('stops registrations from one client address', async () => {
    const from = clientAddress();
    expect((await post('/api/v1/auth/register', newAccount(), from)).statusCode).toBe(201);
    expect((await post('/api/v1/auth/register', newAccount(), from)).statusCode).toBe(201);
    const body = newAccount();
    expectTooMany(await post('/api/v1/auth/register', body, from), 60);
    expect(await testDb.db.maybeOne('select 1 from users where email = $1', [body.email])).toBeUndefined();
  });

  it('stops reset requests for one address, from any client, whether or not it has an account', async () => {
    for (const email of [(await registerOwner()).email, newAccount().email]) {
      expect((await post('/api/v1/auth/password-reset/request', { email }, clientAddress())).statusCode).toBe(200);
      expectTooMany(
        await post('/api/v1/auth/password-reset/request', { email: email.toUpperCase() }, clientAddress()),
        60,
      );
    }
  });

  it('stops reset requests from one client address', async () => {
    const from = clientAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await post('/api/v1/auth/password-reset/request', { email: newAccount().email }, from)).statusCode).toBe(
        200,
      );
    }
    expectTooMany(await post('/api/v1/auth/password-reset/request', { email: newAccount().email }, from), 60);
  });

  it('stops verification resends for one address and from one client address', async () => {
    const { email } = await registerOwner();
    expect((await post('/api/v1/auth/resend-verification', { email }, clientAddress())).statusCode).toBe(200);
    expectTooMany(await post('/api/v1/auth/resend-verification', { email }, clientAddress()), 60);

    const from = clientAddress();
    await post('/api/v1/auth/resend-verification', { email: newAccount().email }, from);
    await post('/api/v1/auth/resend-verification', { email: newAccount().email }, from);
    expectTooMany(await post('/api/v1/auth/resend-verification', { email: newAccount().email }, from), 60);
  });

  it('stops availability checks from one client address, and no other', async () => {
    const from = clientAddress();
    const check = (url: string, remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });
    expect((await check('/api/v1/users/check-username/someone', from)).statusCode).toBe(200);
    expect((await check('/api/v1/users/check-email/someone%40example.com', from)).statusCode).toBe(200);
    const refused = await check('/api/v1/users/check-username/someone', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/^Too many attempts\. Please try again in (1 minute|\d+ seconds)\.$/),
    });
    expect((await check('/api/v1/users/check-username/someone', clientAddress())).statusCode).toBe(200);
  });

  it('stops a client after its wrong mailed-link tokens, on verification and reset alike', async () => {
    const from = clientAddress();
    const token = 'A'.repeat(43);
    expect((await post('/api/v1/auth/verify-email', { token }, from)).statusCode).toBe(400);
    const reset = { token, newPassword: 'Another-password-42' };
    expect((await post('/api/v1/auth/password-reset/confirm', reset, from)).statusCode).toBe(400);
    expectTooMany(await post('/api/v1/auth/verify-email', { token }, from), 15);
    expect((await post('/api/v1/auth/verify-email', { token }, clientAddress())).statusCode).toBe(400);
  });

  it("stops a client's refused webhooks (bad signature, wrong verify token), never signed deliveries", async () => {
    const from = clientAddress();
    const unsigned = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
        payload: '{"object":"whatsapp_business_account","entry":[]}',
        remoteAddress: from,
      });
    expect((await unsigned()).statusCode).toBe(401);
    const handshake = await app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      remoteAddress: from,
    });
    expect(handshake.statusCode).toBe(403);
    expect((await unsigned()).statusCode).toBe(429);
  });

  it('answers health checks from one client up to its limit', async () => {
    const from = clientAddress();
    const health = () => app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: from });
    expect((await health()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(429);
  });
});
