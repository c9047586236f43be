import { bsuidOf } from '../graph/ids';
import type {
  AccountUpdateValue,
  BusinessNumber,
  InboundText,
  MessagesValue,
  StatusUpdate,
  TemplateStatusValue,
  WebhookChange,
  WebhookPayload,
} from './types';

/** What every change about a business number starts with. */
function aboutNumber(number: BusinessNumber) {
  return {
    messaging_product: 'whatsapp' as const,
    metadata: { display_phone_number: number.phone_number, phone_number_id: number.id },
  };
}

/** One change of the business's WABA, as Meta delivers it. */
function delivery(number: BusinessNumber, change: WebhookChange): WebhookPayload {
  return { object: 'whatsapp_business_account', entry: [{ id: number.waba_id, changes: [change] }] };
}

function envelope(
  number: BusinessNumber,
  value: Omit<MessagesValue, 'messaging_product' | 'metadata'>,
): WebhookPayload {
  return delivery(number, { value: { ...aboutNumber(number), ...value }, field: 'messages' });
}

/**
 * Who wrote, as Meta names customers since April 2026: the business-scoped user ID always
 * (`contacts[].user_id`, `messages[].from_user_id`), the number (`wa_id`, `from`) unless the customer
 * hid it behind a username (Meta's "Business-scoped user IDs" page, updated 2026-11-05; v23.0's
 * OpenAPI file predates these fields).
 */
function sender(message: Pick<InboundText, 'from' | 'name' | 'username'>) {
  const userId = bsuidOf(message.from);
  if (message.username) {
    return {
      contacts: [{ profile: { name: message.name, username: message.username }, user_id: userId }],
      from: { from_user_id: userId },
    };
  }
  return {
    contacts: [{ profile: { name: message.name }, wa_id: message.from, user_id: userId }],
    from: { from: message.from, from_user_id: userId },
  };
}

/** A customer's text, as Meta's "Text Message" example (and "…with Context" for a quoted reply). */
export function inboundTextPayload(number: BusinessNumber, message: InboundText): WebhookPayload {
  const who = sender(message);
  return envelope(number, {
    contacts: who.contacts,
    messages: [
      {
        ...(message.context ? { context: message.context } : {}),
        ...who.from,
        id: message.wamid,
        timestamp: message.timestamp,
        type: 'text',
        text: { body: message.text },
      },
    ],
  });
}

/** A customer's message of `type`, its content under that key, as Meta's example of each type. */
function inboundPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text' | 'context'>,
  type: string,
  content: unknown,
): WebhookPayload {
  const who = sender(message);
  return envelope(number, {
    contacts: who.contacts,
    messages: [{ ...who.from, id: message.wamid, timestamp: message.timestamp, type, [type]: content }],
  });
}

/** A customer's photo, voice note, video, file or sticker, as Meta's "Image Message" example. */
export function inboundMediaPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text'> & { kind: string; media: Record<string, unknown> },
): WebhookPayload {
  return inboundPayload(number, message, message.kind, message.media);
}

/** A customer's shared location, as Meta's "Location Message" example. */
export function inboundLocationPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text'> & {
    location: { latitude: number; longitude: number; name?: string; address?: string };
  },
): WebhookPayload {
  return inboundPayload(number, message, 'location', message.location);
}

/**
 * A customer's reaction to a message, as Meta's "Reaction Message" example; an empty emoji takes it
 * back (WHATSAPP.md §3). Who reacted is named as for any message (BSUID fields, Meta's
 * "Business-scoped user IDs" page).
 */
export function inboundReactionPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text' | 'context'> & { reaction: { message_id: string; emoji: string } },
): WebhookPayload {
  return inboundPayload(number, message, 'reaction', message.reaction);
}

/** A template's review outcome for its WABA (`entry.id` is the WABA; no phone number is named). */
export function templateStatusPayload(wabaId: string, value: TemplateStatusValue, now = Date.now()): WebhookPayload {
  return {
    object: 'whatsapp_business_account',
    entry: [
      { id: wabaId, time: Math.floor(now / 1000), changes: [{ value, field: 'message_template_status_update' }] },
    ],
  };
}

/** PARTNER_ADDED for a WABA that finished the sandbox's Embedded Signup (`entry.id` is the WABA). */
export function partnerAddedPayload(wabaId: string, ownerBusinessId: string, now = Date.now()): WebhookPayload {
  const value: AccountUpdateValue = {
    event: 'PARTNER_ADDED',
    waba_info: { waba_id: wabaId, owner_business_id: ownerBusinessId },
  };
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(now / 1000), changes: [{ value, field: 'account_update' }] }],
  };
}

/** A customer stopped (or resumed) the business's promotions, as Meta's example of the webhook. */
export function userPreferencesPayload(
  number: BusinessNumber,
  customer: Pick<InboundText, 'from' | 'name' | 'username'>,
  value: 'stop' | 'resume',
  now = Date.now(),
): WebhookPayload {
  const who = sender(customer);
  const ids = { ...(customer.username ? {} : { wa_id: customer.from }), user_id: bsuidOf(customer.from) };
  return delivery(number, {
    value: {
      ...aboutNumber(number),
      contacts: who.contacts,
      user_preferences: [
        {
          ...ids,
          detail: `User requested to ${value} marketing messages`,
          category: 'marketing_messages',
          value,
          timestamp: Math.floor(now / 1000),
        },
      ],
    },
    field: 'user_preferences',
  });
}

export function statusPayload(number: BusinessNumber, statuses: StatusUpdate[]): WebhookPayload {
  return envelope(number, { statuses });
}
