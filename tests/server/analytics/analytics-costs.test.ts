import { DEFAULT_RATE_CARD, type CostReport, type ErrorBody, type RateCard } from '../../../contract';
import type { Db } from '../../../server/db/client';
import { bearer, registerUser, useTestApp } from '../support/helpers';

/** GET /analytics/costs and GET/PUT /analytics/rate-card, on messages priced as Meta's statuses price them. */

const ctx = useTestApp();

let seq = 0;

async function conversationOf(db: Db, userId: number) {
  seq += 1;
  const row = await db.one<{ id: number }>('insert into conversations (user_id, wa_id) values ($1, $2) returning id', [
    userId,
    `4477100${String(seq).padStart(5, '0')}`,
  ]);
  return Number(row.id);
}

interface Priced {
  at: string;
  billable: boolean | null;
  category?: string | null;
  type?: string | null;
  model?: string;
}

async function ourMessage(db: Db, userId: number, conversationId: number, priced: Priced) {
  seq += 1;
  await db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at,
                           billable, pricing_model, pricing_category, pricing_type)
     values ($1, $2, $3, 'outbound', 'ai', 'text', 'Hi', '{}'::jsonb, 'delivered', $4, $5, $6, $7, $8)`,
    [
      userId,
      conversationId,
      `wamid.costs.${seq}`,
      priced.at,
      priced.billable,
      priced.model ?? 'PMP',
      priced.category ?? null,
      priced.type ?? 'regular',
    ],
  );
}

function costs(token: string, query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/analytics/costs?${query}`, headers: bearer(token) });
}

function putRates(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: '/api/v1/analytics/rate-card', headers: bearer(token), payload });
}

async function pricedOwner() {
  const owner = await registerUser(ctx.app);
  const conversation = await conversationOf(ctx.db, owner.user.id);
  const add = (priced: Priced) => ourMessage(ctx.db, owner.user.id, conversation, priced);
  // November 2026, UTC: 3 marketing, 1 utility, 1 authentication billed; a free service reply;
  // an older CBP message and a billed one of a category the card has no rate for.
  await add({ at: '2026-11-01T00:00:00Z', billable: true, category: 'marketing' });
  await add({ at: '2026-11-10T12:00:00Z', billable: true, category: 'marketing' });
  await add({ at: '2026-11-30T23:59:59Z', billable: true, category: 'marketing' });
  await add({ at: '2026-11-15T09:00:00Z', billable: true, category: 'utility' });
  await add({ at: '2026-11-15T09:00:00Z', billable: true, category: 'authentication' });
  await add({ at: '2026-11-16T09:00:00Z', billable: false, category: 'service', type: 'free_customer_service' });
  await add({ at: '2026-11-16T09:00:00Z', billable: true, category: 'marketing', model: 'CBP', type: null });
  await add({ at: '2026-11-17T09:00:00Z', billable: true, category: 'authentication_international' });
  // Outside the month.
  await add({ at: '2026-10-31T23:59:59Z', billable: true, category: 'marketing' });
  await add({ at: '2026-12-01T00:00:00Z', billable: true, category: 'marketing' });
  return owner;
}

describe('GET /api/v1/analytics/costs', () => {
  it("counts the month's billed messages per category and prices them at the default rates", async () => {
    const { token } = await pricedOwner();

    const response = await costs(token, 'month=2026-11&tz=UTC');

    expect(response.statusCode).toBe(200);
    const report = response.json<CostReport>();
    expect(report).toEqual({
      month: '2026-11',
      currency: 'USD',
      rates_are_default: true,
      categories: [
        { category: 'marketing', billed: 3, rate: 0.025, subtotal: 0.075 },
        { category: 'utility', billed: 1, rate: 0.004, subtotal: 0.004 },
        { category: 'authentication', billed: 1, rate: 0.004, subtotal: 0.004 },
        { category: 'service', billed: 0, rate: 0, subtotal: 0 },
        { category: 'marketing_lite', billed: 0, rate: 0.025, subtotal: 0 },
        { category: 'authentication_international', billed: 1, rate: null, subtotal: null },
      ],
      billed: 6,
      // 0.075 + 0.004 + 0.004, exact.
      total: 0.083,
      unpriced: 1,
    });
  });

  it("takes the month in the owner's time zone", async () => {
    const { token } = await pricedOwner();

    // In Tokyo (UTC+9) 2026-11-30T23:59:59Z is already December, 2026-10-31T23:59:59Z already November.
    const report = (await costs(token, 'month=2026-11&tz=Asia/Tokyo')).json<CostReport>();

    expect(report.categories.find((row) => row.category === 'marketing')?.billed).toBe(3);
    const december = (await costs(token, 'month=2026-12&tz=Asia/Tokyo')).json<CostReport>();
    expect(december.categories.find((row) => row.category === 'marketing')?.billed).toBe(2);
  });

  it('prices at the rates the owner saved', async () => {
    const { token } = await pricedOwner();
    expect((await putRates(token, { currency: 'eur', rates: { marketing: 0.0625, utility: 0.1 } })).statusCode).toBe(
      200,
    );

    const report = (await costs(token, 'month=2026-11')).json<CostReport>();

    expect(report.currency).toBe('EUR');
    expect(report.rates_are_default).toBe(false);
    expect(report.categories.slice(0, 2)).toEqual([
      { category: 'marketing', billed: 3, rate: 0.0625, subtotal: 0.1875 },
      { category: 'utility', billed: 1, rate: 0.1, subtotal: 0.1 },
    ]);
    expect(report.total).toBe(0.2915);
  });

  it("shows another owner nothing of this owner's messages", async () => {
    await pricedOwner();
    const other = await registerUser(ctx.app);

    const report = (await costs(other.token, 'month=2026-11')).json<CostReport>();

    expect(report.billed).toBe(0);
    expect(report.total).toBe(0);
    expect(report.categories.map((row) => row.billed)).toEqual([0, 0, 0, 0, 0]);
  });

  it('defaults to the current month', async () => {
    const { token } = await registerUser(ctx.app);
    const report = (await costs(token, 'tz=UTC')).json<CostReport>();
    expect(report.month).toBe(new Date().toISOString().slice(0, 7));
  });

  it.each([['2026-13'], ['2026-1'], ['november'], ['2026-11-01']])(
    'refuses month=%s with a 422 on month',
    async (month) => {
      const { token } = await registerUser(ctx.app);
      const response = await costs(token, `month=${month}`);
      expect(response.statusCode).toBe(422);
      expect(response.json<ErrorBody>()).toMatchObject({ field: 'month', code: 'validation_failed' });
    },
  );

  it('refuses an unknown time zone with a 422 on tz', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await costs(token, 'month=2026-11&tz=Mars/Olympus');
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().field).toBe('tz');
  });

  it('needs a signed-in owner', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics/costs?month=2026-11' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/analytics/rate-card', () => {
  it('answers the default table until the owner changes it, storing nothing', async () => {
    const { token, user } = await registerUser(ctx.app);

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/rate-card',
      headers: bearer(token),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<RateCard>()).toEqual({ ...DEFAULT_RATE_CARD, is_default: true });
    expect(await ctx.db.query('select 1 from pricing_rate_cards where user_id = $1', [user.id])).toEqual([]);
  });
});

describe('PUT /api/v1/analytics/rate-card', () => {
  it('saves the currency and the rates given, keeping the others', async () => {
    const { token, user } = await registerUser(ctx.app);

    const response = await putRates(token, { currency: 'GBP', rates: { marketing: 0.05, service: 0.001 } });

    expect(response.statusCode).toBe(200);
    const expected = {
      currency: 'GBP',
      rates: { ...DEFAULT_RATE_CARD.rates, marketing: 0.05, service: 0.001 },
      is_default: false,
    };
    expect(response.json<RateCard>()).toEqual(expected);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics/rate-card', headers: bearer(token) });
    expect(read.json<RateCard>()).toEqual(expected);
    expect(await ctx.db.one('select currency, rates from pricing_rate_cards where user_id = $1', [user.id])).toEqual({
      currency: 'GBP',
      rates: expected.rates,
    });
  });

  it.each([
    [{ currency: 'USD', rates: { marketing: -0.01 } }, 'rates.marketing'],
    [{ currency: 'USD', rates: { utility: 0.00001 } }, 'rates.utility'],
    [{ currency: 'USD', rates: { authentication: 1000.5 } }, 'rates.authentication'],
    [{ currency: 'USD', rates: { service: 'free' } }, 'rates.service'],
    [{ currency: 'USD', rates: { referral_conversion: 0.01 } }, 'rates.referral_conversion'],
    [{ currency: 'US', rates: {} }, 'currency'],
    [{ currency: 'XYZ', rates: {} }, 'currency'],
    [{ rates: {} }, 'currency'],
  ])('refuses %j with a 422 naming %s, and stores nothing', async (payload, field) => {
    const { token, user } = await registerUser(ctx.app);

    const response = await putRates(token, payload);

    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.field).toBe(field);
    expect(body.detail).toContain(field);
    expect(await ctx.db.query('select 1 from pricing_rate_cards where user_id = $1', [user.id])).toEqual([]);
  });

  it("changes only the owner's own card", async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);

    await putRates(owner.token, { currency: 'EUR', rates: { marketing: 0.07 } });

    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/rate-card',
      headers: bearer(other.token),
    });
    expect(read.json<RateCard>()).toEqual({ ...DEFAULT_RATE_CARD, is_default: true });
  });
});
