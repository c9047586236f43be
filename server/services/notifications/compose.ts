import type { PushKind, PushNotification } from '../../../contract';
import { customerWords } from '../../../contract/customer-words';
import { formatWaId } from '../../../contract/phone-numbers';
import type { Executor } from '../../db/client';
import { customerMessageSql, customerName, publicConversationId } from '../inbox/conversations';
import { PUSH_TITLES } from './kinds';

type CustomerRow = {
  wa_id: string;
  profile_name: string | null;
  username: string | null;
};

/** The customer as the inbox names them (`name`, else their number formatted for people, else their username). */
export function customerLabel(customer: CustomerRow): string {
  const name = customerName(customer);
  return name === publicConversationId(customer.wa_id) ? formatWaId(customer.wa_id) : name;
}

/**
 * The notification for one event about a conversation: who (the customer), what they asked (their latest
 * words, as the inbox's notices say them; for a hand-over, what made it, never the AI's acknowledgement), and
 * where tapping it leads. Undefined when the conversation is gone, or (a new customer) nothing came from them.
 */
export async function composeNotification(
  db: Executor,
  userId: number,
  kind: PushKind,
  conversationId: number,
): Promise<PushNotification | undefined> {
  const customer = await db.maybeOne<CustomerRow & { customer_message: string | null }>(
    `select c.wa_id, c.profile_name, c.username, ${customerMessageSql('c')} as customer_message
       from conversations c where c.id = $1 and c.user_id = $2`,
    [conversationId, userId],
  );
  if (!customer || (customer.customer_message === null && kind === 'new_customer')) return undefined;
  const id = publicConversationId(customer.wa_id);
  return {
    kind,
    title: PUSH_TITLES[kind](customerLabel(customer)),
    body: customerWords(customer.customer_message ?? ''),
    url: `/messages?c=${encodeURIComponent(id)}`,
    tag: id,
  };
}
