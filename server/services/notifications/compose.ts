import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Executor } from '../../db/client';
import { publicConversationId, UNNAMED_CUSTOMER } from '../inbox/conversations';
import { isPhoneNumber } from '../whatsapp/customer-id';
import { PUSH_TITLES, type PushKind, type PushNotification } from './kinds';

/** A notification's body is cut to about this many characters, at a word. */
export const PUSH_BODY_MAX_CHARS = 120;

/** What a customer's message without words was, said in words (the inbox keeps `[image] caption` and the like). */
const MEDIA_WORDS: Record<string, string> = {
  image: 'Sent a photo',
  video: 'Sent a video',
  audio: 'Sent an audio message',
  voice: 'Sent a voice note',
  document: 'Sent a document',
  sticker: 'Sent a sticker',
  location: 'Shared a location',
  contacts: 'Shared a contact',
};

type CustomerRow = {
  wa_id: string;
  profile_name: string | null;
  username: string | null;
};

type InboundRow = {
  type: string;
  body: string;
  voice: boolean | null;
};

/** Cuts `text` (whitespace flattened) to `max` characters at the last word that fits, with an ellipsis. */
export function trimAtWord(text: string, max = PUSH_BODY_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The customer as a person reads them: their name, else their number (+44 20 7946 0000), else their username. */
export function customerLabel(customer: CustomerRow): string {
  const name = customer.profile_name?.trim();
  if (name) return name;
  if (isPhoneNumber(customer.wa_id)) {
    return parsePhoneNumberFromString(`+${customer.wa_id}`)?.formatInternational() ?? `+${customer.wa_id}`;
  }
  return customer.username?.trim() || UNNAMED_CUSTOMER;
}

/** The customer's words, or what they sent described in words (with its caption or file name). */
export function describeMessage(message: InboundRow): string {
  if (message.type === 'text') return message.body;
  const words = MEDIA_WORDS[message.type === 'audio' && message.voice ? 'voice' : message.type];
  const detail = message.body.replace(/^\[[a-z _]+\]\s*/i, '').trim();
  if (!words) return detail || 'Sent a message';
  return detail ? `${words}: ${detail}` : words;
}

/**
 * The notification for one event about a conversation: who (the customer), what they asked (their latest
 * words; for a hand-over, what made it, never the AI's acknowledgement), and where tapping it leads.
 * Undefined when the conversation is gone, or (a new customer) nothing came from the customer.
 */
export async function composeNotification(
  db: Executor,
  userId: number,
  kind: PushKind,
  conversationId: number,
): Promise<PushNotification | undefined> {
  const customer = await db.maybeOne<CustomerRow>(
    'select wa_id, profile_name, username from conversations where id = $1 and user_id = $2',
    [conversationId, userId],
  );
  if (!customer) return undefined;
  const latest = await db.maybeOne<InboundRow>(
    `select type, body, (raw -> 'audio' ->> 'voice') = 'true' as voice from messages
      where conversation_id = $1 and user_id = $2 and direction = 'inbound' and hidden_at is null
      order by sent_at desc, id desc limit 1`,
    [conversationId, userId],
  );
  if (!latest && kind === 'new_customer') return undefined;
  const id = publicConversationId(customer.wa_id);
  return {
    kind,
    title: PUSH_TITLES[kind](customerLabel(customer)),
    body: latest ? trimAtWord(describeMessage(latest)) : '',
    url: `/messages?c=${encodeURIComponent(id)}`,
    tag: id,
  };
}
