import {
  COSTS_ERRORS,
  CURRENCY_CODE,
  DEFAULT_RATE_CARD,
  isRate,
  PRICING_CATEGORIES,
  RATE_CARD_LIMITS,
  type CategoryCost,
  type CostReport,
  type PricingCategory,
  type RateCard,
  type RateCardBody,
} from '../../../contract';
import type { Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { localDay, resolveTimeZone } from './range';

/**
 * What the owner's messages cost: the month's messages Meta billed (the `pricing` its statuses gave,
 * migration 0052) per category, at the owner's rate card, the default one until they change it.
 * Amounts are counted in ten-thousandths so that sums of 4-decimal rates stay exact.
 */

const UNITS_PER_AMOUNT = 10 ** RATE_CARD_LIMITS.maxDecimals;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

type Rates = RateCard['rates'];

function isPricingCategory(category: string): category is PricingCategory {
  return (PRICING_CATEGORIES as readonly string[]).includes(category);
}

/** The owner's rate card, or the default one. */
export async function rateCardOf(db: Executor, userId: number): Promise<RateCard> {
  const stored = await db.maybeOne<{ currency: string; rates: Partial<Rates> }>(
    'select currency, rates from pricing_rate_cards where user_id = $1',
    [userId],
  );
  if (!stored) return { currency: DEFAULT_RATE_CARD.currency, rates: { ...DEFAULT_RATE_CARD.rates }, is_default: true };
  // A category added since the owner saved their card is priced at its default rate.
  return { currency: stored.currency, rates: { ...DEFAULT_RATE_CARD.rates, ...stored.rates }, is_default: false };
}

function checkedRate(value: number, category: string): number {
  if (!isRate(value)) throw new ValidationFailed(`rates.${category} ${COSTS_ERRORS.badRate}`, `rates.${category}`);
  return Math.round(value * UNITS_PER_AMOUNT) / UNITS_PER_AMOUNT;
}

function checkedCurrency(currency: string): string {
  const code = currency.trim().toUpperCase();
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : undefined;
  if (!CURRENCY_CODE.test(code) || (known && !known.includes(code))) {
    throw new ValidationFailed(COSTS_ERRORS.badCurrency, 'currency');
  }
  return code;
}

/** Saves the owner's currency and the rates given (the others stay); each refusal a 422 naming its field. */
export async function saveRateCard(db: Executor, userId: number, body: RateCardBody): Promise<RateCard> {
  const currency = checkedCurrency(body.currency);
  const changes: Partial<Rates> = {};
  for (const [category, rate] of Object.entries(body.rates)) {
    if (!isPricingCategory(category)) {
      throw new ValidationFailed(`rates.${category} ${COSTS_ERRORS.unknownCategory}`, `rates.${category}`);
    }
    changes[category] = checkedRate(rate, category);
  }
  const rates = { ...(await rateCardOf(db, userId)).rates, ...changes };
  await db.query(
    `insert into pricing_rate_cards (user_id, currency, rates) values ($1, $2, $3::jsonb)
     on conflict (user_id) do update set currency = excluded.currency, rates = excluded.rates, updated_at = now()`,
    [userId, currency, JSON.stringify(rates)],
  );
  return { currency, rates, is_default: false };
}

/** `month` (YYYY-MM), else the owner's current month, in their time zone. */
function monthOf(month: string | undefined, tz: string, now: Date): string {
  if (month === undefined) return localDay(tz, now).slice(0, 7);
  if (!MONTH.test(month)) throw new ValidationFailed(COSTS_ERRORS.badMonth, 'month');
  return month;
}

/**
 * The month's billed messages per category and their estimated cost. Messages billed under
 * conversation-based pricing (before July 2025) are left out: Meta charged those per 24-hour
 * conversation, not per message, so counting them would overstate what was paid.
 */
export async function monthCosts(
  db: Executor,
  userId: number,
  query: { month?: string; tz?: string },
  now = new Date(),
): Promise<CostReport> {
  const tz = await resolveTimeZone(db, query.tz);
  const month = monthOf(query.month, tz, now);
  const rows = await db.query<{ category: string; billed: number }>(
    `with month as (
       select ($2::date::timestamp at time zone $3) as starts,
              (($2::date + interval '1 month')::timestamp at time zone $3) as ends)
     select coalesce(m.pricing_category, 'unknown') as category, count(*)::int as billed
       from messages m, month
      where m.user_id = $1 and m.billable and m.pricing_model is distinct from 'CBP'
        and m.sent_at >= month.starts and m.sent_at < month.ends
      group by 1 order by 1`,
    [userId, `${month}-01`, tz],
  );
  const card = await rateCardOf(db, userId);
  const billedBy = new Map(rows.map((row) => [row.category, row.billed]));
  const others = rows.map((row) => row.category).filter((category) => !isPricingCategory(category));
  let totalUnits = 0;
  const categories: CategoryCost[] = [...PRICING_CATEGORIES, ...others].map((category) => {
    const billed = billedBy.get(category) ?? 0;
    if (!isPricingCategory(category)) return { category, billed, rate: null, subtotal: null };
    const units = billed * Math.round(card.rates[category] * UNITS_PER_AMOUNT);
    totalUnits += units;
    return { category, billed, rate: card.rates[category], subtotal: units / UNITS_PER_AMOUNT };
  });
  return {
    month,
    currency: card.currency,
    rates_are_default: card.is_default,
    categories,
    billed: rows.reduce((sum, row) => sum + row.billed, 0),
    total: totalUnits / UNITS_PER_AMOUNT,
    unpriced: others.reduce((sum, category) => sum + (billedBy.get(category) ?? 0), 0),
  };
}
