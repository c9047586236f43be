import {
  fillTemplate,
  TEMPLATE_ERRORS,
  TEMPLATE_LIMITS,
  type Message,
  type Template,
  type TemplateSendBody,
} from '../../../contract';
import { Conflict, ValidationFailed } from '../../errors';
import { requireConversationById } from '../inbox/conversations';
import type { InboxDeps } from '../inbox/deps';
import { sendOutbound, sentId, type Outbound } from '../inbox/outbound';
import { requireSendingConnection } from '../whatsapp/sending-connection';
import { marketingStoppedAt } from '../whatsapp/consent';
import { isPhoneNumber, sendingAddress } from '../whatsapp/customer-id';
import { requireTemplate, toTemplate } from './templates';

function checkValues(values: string[], expected: number, field: string): string[] {
  const trimmed = values.map((value) => value.trim());
  if (trimmed.length !== expected || trimmed.some((value) => value === '')) {
    throw new ValidationFailed(TEMPLATE_ERRORS.values(expected), field, 'template_values');
  }
  if (trimmed.some((value) => value.length > TEMPLATE_LIMITS.valueMaxLength)) {
    throw new ValidationFailed(TEMPLATE_ERRORS.valueTooLong, field, 'template_values');
  }
  return trimmed;
}

/** An approved template filled with its values: the one message that may go outside the 24-hour window. */
function templateMessage(template: Template, bodyValues: string[], headerValues: string[]): Outbound {
  const header = template.header ? fillTemplate(template.header, headerValues) : undefined;
  const text = fillTemplate(template.body, bodyValues);
  return {
    needsOpenWindow: false,
    send: async ({ graph, token, phoneNumberId, to }) =>
      sentId(
        await graph.sendTemplate(token, phoneNumberId, {
          to,
          name: template.name,
          language: template.language,
          bodyParameters: bodyValues,
          headerParameters: headerValues,
        }),
      ),
    content: () => ({
      type: 'template',
      body: [header && `*${header}*`, text, ...template.buttons.map((button) => `[${button}]`)]
        .filter(Boolean)
        .join('\n'),
      raw: {
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          body_values: bodyValues,
          header_values: headerValues,
        },
      },
    }),
  };
}

/**
 * Sends an approved template, filled with the owner's values, to the conversation's customer: the
 * one message WhatsApp delivers outside the 24-hour window. Stored as an outbound message whose
 * text is the filled template (header, body and buttons), by the inbox's one outbound path.
 */
export async function sendTemplate(
  deps: InboxDeps,
  userId: number,
  conversationId: number,
  input: TemplateSendBody,
): Promise<Message> {
  const conversation = await requireConversationById(deps.db, userId, conversationId);
  const row = await requireTemplate(deps.db, userId, input.template_id);
  const template = toTemplate(row);
  const { connection } = await requireSendingConnection(deps.db, deps.secrets, userId);
  if (template.status !== 'APPROVED' || row.waba_id !== connection.waba_id) {
    throw new Conflict(TEMPLATE_ERRORS.notApproved, 'template_id', 'template_not_approved');
  }
  // Meta's "Business-scoped user IDs" page: authentication templates still need a phone number.
  if (template.category === 'AUTHENTICATION' && !isPhoneNumber(sendingAddress(conversation))) {
    throw new Conflict(TEMPLATE_ERRORS.needsPhoneNumber, 'template_id', 'template_needs_phone_number');
  }
  // WhatsApp fails a marketing template to a customer who stopped them (131050): refused here, with why.
  if (template.category === 'MARKETING' && (await marketingStoppedAt(deps.db, userId, conversationId))) {
    throw new Conflict(TEMPLATE_ERRORS.marketingStopped, 'template_id', 'customer_stopped_marketing');
  }
  const bodyValues = checkValues(input.body_values, template.body_variables, 'body_values');
  const headerValues = checkValues(input.header_values ?? [], template.header_variables, 'header_values');

  return sendOutbound(
    deps,
    { userId, conversation, author: 'human' },
    templateMessage(template, bodyValues, headerValues),
  );
}
