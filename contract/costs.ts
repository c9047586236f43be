import { Type, type Static } from 'typebox';

/**
 * What the owner's messages cost (issue 28, item 6): Meta bills per delivered message since
 * 2025-07-01 and tells it on each status (`pricing`); /analytics estimates the month from the billed
 * messages and a rate card the owner may change.
 */

/** The categories a rate card prices (Meta's `pricing.category` words). */
export const PRICING_CATEGORIES = ['marketing', 'utility', 'authentication', 'service', 'marketing_lite'] as const;
export type PricingCategory = (typeof PRICING_CATEGORIES)[number];

export const RATE_CARD_LIMITS = { maxRate: 1000, maxDecimals: 4 } as const;

/** A rate a card may hold: a finite number from 0 to the maximum, with at most `maxDecimals` decimals. */
export function isRate(value: number): boolean {
  const units = value * 10 ** RATE_CARD_LIMITS.maxDecimals;
  return (
    Number.isFinite(value) &&
    value >= 0 &&
    value <= RATE_CARD_LIMITS.maxRate &&
    Math.abs(units - Math.round(units)) < 1e-6
  );
}

/** A currency as a rate card keeps it: three letters (ISO 4217), upper case. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The rates used until the owner sets their own: Meta's list rates per delivered message for North
 * America (US and Canada), in US dollars, as published for per-message pricing on 2025-07-01 (Meta's
 * "Pricing on the WhatsApp Business Platform", https://developers.facebook.com/docs/whatsapp/pricing, rate
 * card of 2025-07-01). Service messages were free then; Marketing Messages Lite is billed at the marketing
 * rate. An estimate: Meta's real rate depends on each customer's country, volume tiers and later updates.
 */
export const DEFAULT_RATE_CARD = {
  currency: 'USD',
  rates: { marketing: 0.025, utility: 0.004, authentication: 0.004, service: 0, marketing_lite: 0.025 },
} as const satisfies { currency: string; rates: Record<PricingCategory, number> };

export const DEFAULT_RATE_CARD_SOURCE =
  "Meta's North America list rates (USD) of 1 July 2025. Meta's real rates depend on each customer's country.";

export const COSTS_ERRORS = {
  badMonth: 'month must be a month as YYYY-MM, such as 2026-11.',
  badCurrency: 'currency must be a 3-letter ISO 4217 code, such as USD or EUR.',
  badRate: `must be a number from 0 to ${RATE_CARD_LIMITS.maxRate} with at most ${RATE_CARD_LIMITS.maxDecimals} decimals.`,
  unknownCategory: `is not a category WhatsApp bills: use ${PRICING_CATEGORIES.join(', ')}.`,
} as const;

const Rate = Type.Number({ minimum: 0, maximum: RATE_CARD_LIMITS.maxRate });
const Rates = Type.Object({
  marketing: Rate,
  utility: Rate,
  authentication: Rate,
  service: Rate,
  marketing_lite: Rate,
});

/** GET/PUT /analytics/rate-card: the rate per delivered message of each category. */
export const RateCard = Type.Object({
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  rates: Rates,
  /** True until the owner saved rates of their own (DEFAULT_RATE_CARD_SOURCE says where they come from). */
  is_default: Type.Boolean(),
});
export type RateCard = Static<typeof RateCard>;

/** PUT /analytics/rate-card: the currency and any of the rates (the others stay as they are). */
export const RateCardBody = Type.Object({
  currency: Type.String({ maxLength: 16 }),
  rates: Type.Record(Type.String({ maxLength: 64 }), Type.Number(), {
    description: `Rates by category (${PRICING_CATEGORIES.join(', ')}); a category left out keeps its rate`,
  }),
});
export type RateCardBody = Static<typeof RateCardBody>;

export const CostsQuery = Type.Object({
  month: Type.Optional(Type.String({ maxLength: 16, description: 'YYYY-MM in tz; the current month when absent' })),
  tz: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+\\-/]+$', description: 'IANA time zone' }),
  ),
});
export type CostsQuery = Static<typeof CostsQuery>;

export const CategoryCost = Type.Object({
  category: Type.String(),
  /** Our messages of this category Meta billed in the month. */
  billed: Type.Integer({ minimum: 0 }),
  /** Null for a category the rate card does not price (a newer word of Meta's). */
  rate: Type.Union([Type.Number(), Type.Null()]),
  subtotal: Type.Union([Type.Number(), Type.Null()]),
});
export type CategoryCost = Static<typeof CategoryCost>;

/** GET /analytics/costs: the month's billed messages per category and what they cost at the rate card's rates. */
export const CostReport = Type.Object({
  month: Type.String(),
  currency: Type.String(),
  rates_are_default: Type.Boolean(),
  /** The rate card's categories in its order, then any other category Meta billed. */
  categories: Type.Array(CategoryCost),
  billed: Type.Integer({ minimum: 0 }),
  /** The estimate: the sum of the subtotals. */
  total: Type.Number(),
  /** Billed messages of categories the rate card does not price (not in `total`). */
  unpriced: Type.Integer({ minimum: 0 }),
});
export type CostReport = Static<typeof CostReport>;
