import type { Executor } from '../../db/client';
import type { StatusError, StatusPricing } from '../webhooks';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { wamid } from './ids';
import { invalid, isObject, recipient, SERVICE_PRICING, storeOutbound, type Body } from './outbound';
import { renderTemplate, variablesOf, type TemplateRow } from './templates';
import { windowIsOpen } from './window';

/**
 * A template message: approved, filled with its values, priced by its category, and failed afterwards
 * for a customer who stopped promotions.
 */

/**
 * 131050 as Meta's `failed` status brings it: a marketing template to a customer who stopped marketing
 * messages is accepted, then fails (Meta's "WhatsApp error codes" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 */
export const MARKETING_STOPPED_FAILURE: StatusError = {
  code: 131050,
  title: 'User has stopped marketing messages',
  message: 'User has stopped marketing messages',
  error_data: {
    details:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
  },
};

/** Whether the customer stopped this number's promotions (the sandbox phone's "Stop promotions"). */
export async function promotionsStopped(db: Executor, phoneNumberId: string, waId: string): Promise<boolean> {
  const row = await db.maybeOne<{ stopped: boolean }>(
    'select stopped from sandbox_marketing_preferences where phone_number_id = $1 and wa_id = $2',
    [phoneNumberId, waId],
  );
  return row?.stopped ?? false;
}

/**
 * What Meta charges for a template since 2025-07-01: every marketing and authentication template, a
 * utility template only outside the customer service window (Meta's "Pricing on the WhatsApp Business
 * Platform", https://developers.facebook.com/docs/whatsapp/pricing).
 */
function templatePricing(category: string, windowOpen: boolean): StatusPricing {
  const priced = category.toLowerCase();
  if (priced === 'utility' && windowOpen) return { ...SERVICE_PRICING, category: priced };
  return { billable: true, pricing_model: 'PMP', category: priced, type: 'regular' };
}

function textParameters(components: unknown, type: 'header' | 'body'): string[] {
  if (components === undefined) return [];
  if (!Array.isArray(components)) throw invalid('template.components must be a list.');
  const component = components.find((item) => isObject(item) && item.type === type) as Body | undefined;
  if (!component) return [];
  if (!Array.isArray(component.parameters)) throw invalid(`template ${type} parameters must be a list.`);
  return component.parameters.map((parameter) => {
    if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string') {
      throw invalid('The sandbox fills templates with text parameters only.');
    }
    return parameter.text;
  });
}

/**
 * An approved template of the number's WABA, with as many values as it has variables; no window needed.
 * A marketing one to a customer who stopped promotions is accepted but never reaches their phone: it
 * fails with 131050 by status webhook.
 */
export async function sendTemplate(db: Executor, phone: PhoneRow, body: Body) {
  const { contact, waId } = await recipient(db, phone, body);
  const { template } = body;
  if (!isObject(template) || typeof template.name !== 'string') throw invalid('template.name is required.');
  const language = isObject(template.language) ? template.language.code : undefined;
  if (typeof language !== 'string') throw invalid('template.language.code is required.');
  const found = await db.maybeOne<TemplateRow>(
    `select * from sandbox_templates where waba_id = $1 and name = $2 and language = $3 and status = 'APPROVED'`,
    [phone.waba_id, template.name, language],
  );
  if (!found) throw graphErrors.templateMissing(template.name, language);
  const header = textParameters(template.components, 'header');
  const values = textParameters(template.components, 'body');
  const expected = (type: string) => {
    const text = found.components.find((component) => component.type === type)?.text;
    return typeof text === 'string' ? variablesOf(text).length : 0;
  };
  if (values.length !== expected('BODY')) throw graphErrors.templateParameters(expected('BODY'), values.length);
  if (header.length !== expected('HEADER')) throw graphErrors.templateParameters(expected('HEADER'), header.length);
  if (found.category === 'MARKETING' && (await promotionsStopped(db, phone.id, waId))) {
    const answer = { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id: wamid() }] };
    return { answer, failure: MARKETING_STOPPED_FAILURE };
  }
  const pricing = templatePricing(found.category, await windowIsOpen(db, phone.id, waId));
  const answer = await storeOutbound(
    db,
    phone,
    body,
    'template',
    { name: found.name, language, body: renderTemplate(found, header, values) },
    pricing,
  );
  return { answer, failure: undefined };
}
