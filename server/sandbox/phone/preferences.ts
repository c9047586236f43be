import type { Db } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { userPreferencesPayload, type DeliveryOutcome, type SandboxWebhooks } from '../webhooks';
import { checkedSender, type PhoneSender } from './service';

/**
 * "Stop promotions" / "Resume promotions", as WhatsApp offers them in a business chat's menu: the
 * customer's choice is kept by the simulator (which then fails a marketing template to them with 131050)
 * and told to the business by the signed `user_preferences` webhook, with the number only when the
 * customer shows it.
 */

export const PROMOTION_CHOICES = ['stop', 'resume'] as const;
export type PromotionChoice = (typeof PROMOTION_CHOICES)[number];

export interface PromotionsInput extends PhoneSender {
  value: string;
}

export interface PromotionsChanged {
  promotions_stopped: boolean;
  webhook: DeliveryOutcome;
}

export async function choosePromotions(
  db: Db,
  webhooks: SandboxWebhooks,
  input: PromotionsInput,
  customerToken: string | undefined,
): Promise<PromotionsChanged> {
  if (!(PROMOTION_CHOICES as readonly string[]).includes(input.value)) {
    throw new ValidationFailed("Choose 'stop' or 'resume'.", 'value');
  }
  const value = input.value as PromotionChoice;
  const { name, username, waId, phone } = await checkedSender(db, input, customerToken);
  await db.query(
    `insert into sandbox_marketing_preferences (phone_number_id, wa_id, stopped) values ($1, $2, $3)
     on conflict (phone_number_id, wa_id) do update set stopped = excluded.stopped, changed_at = now()`,
    [phone.id, waId, value === 'stop'],
  );
  const webhook = await webhooks.send(phone, userPreferencesPayload(phone, { from: waId, name, username }, value));
  return { promotions_stopped: value === 'stop', webhook };
}
