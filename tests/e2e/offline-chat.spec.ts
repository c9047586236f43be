import { expect, test } from './fixtures';
import {
  BAKERY_AGENT,
  businessMessage,
  CLOSED_ON_MONDAYS,
  customerSays,
  HANDBOOK,
  openCustomerPhone,
  openShop,
  OPENING_HOURS,
  REPLY_PATIENCE,
} from './exchange';

const CUSTOMER = 'Priya Raman';

test('a customer thanks the offline agent, asks a follow-up, and is answered', async ({ page, request }) => {
  test.setTimeout(300_000);
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });

  await customerSays(phone, 'When does the Harbor Bakery open?');
  await expect(businessMessage(phone, OPENING_HOURS)).toHaveCount(1, REPLY_PATIENCE);

  // Thanks get a short answer in kind, not a hand-over: the AI keeps the conversation.
  await customerSays(phone, 'Thanks, that’s helpful!');
  await expect(businessMessage(phone, 'You’re welcome, Priya! Anything else I can help with?')).toHaveCount(
    1,
    REPLY_PATIENCE,
  );

  // "And on Mondays?" names no subject: it is the opening hours, asked before.
  await customerSays(phone, 'And on Mondays?');
  await expect(businessMessage(phone, CLOSED_ON_MONDAYS)).toHaveCount(1, REPLY_PATIENCE);
  await expect(businessMessage(phone, 'a person from our team will answer')).toHaveCount(0);
});
