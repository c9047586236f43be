import type { Executor } from '../../db/client';
import { sha256Hex } from '../../services/digest';
import { accessiblePhoneNumber, accessibleWaba, type PhoneRow, type WabaRow } from './accounts';
import { graphErrors } from './errors';
import { displayPhoneNumber } from './ids';

/** GET /{id}?fields=…: a WABA or a phone number, with the fields asked for (or Graph's defaults). */

type Fields = Record<string, () => unknown>;

function wabaFields(waba: WabaRow): Fields {
  const namespace = sha256Hex(waba.id).slice(0, 32);
  return {
    id: () => waba.id,
    name: () => waba.name,
    currency: () => waba.currency,
    timezone_id: () => waba.timezone_id,
    message_template_namespace: () =>
      `${namespace.slice(0, 8)}_${namespace.slice(8, 12)}_${namespace.slice(12, 16)}_${namespace.slice(16, 20)}_${namespace.slice(20)}`,
    owner_business_info: () => ({ id: waba.owner_business_id, name: waba.owner_business_name }),
    account_review_status: () => 'APPROVED',
    ownership_type: () => 'CLIENT_OWNED',
  };
}

function phoneFields(phone: PhoneRow): Fields {
  const registered = phone.registered_at !== null;
  return {
    id: () => phone.id,
    display_phone_number: () => displayPhoneNumber(phone.phone_number),
    verified_name: () => phone.verified_name,
    quality_rating: () => 'GREEN',
    code_verification_status: () => 'VERIFIED',
    name_status: () => 'APPROVED',
    status: () => (registered ? 'CONNECTED' : 'PENDING'),
    platform_type: () => (registered ? 'CLOUD_API' : 'NOT_APPLICABLE'),
    account_mode: () => 'SANDBOX',
  };
}

const DEFAULT_FIELDS = {
  WhatsAppBusinessAccount: ['id', 'name', 'timezone_id', 'message_template_namespace'],
  WhatsAppBusinessPhoneNumber: ['id', 'display_phone_number', 'verified_name', 'quality_rating'],
};

function pick(nodeType: keyof typeof DEFAULT_FIELDS, fields: Fields, requested: string | undefined) {
  const names = requested
    ? ['id', ...requested.split(',').map((name) => name.trim())].filter(Boolean)
    : DEFAULT_FIELDS[nodeType];
  const result: Record<string, unknown> = {};
  for (const name of names) {
    const field = fields[name];
    if (!field) throw graphErrors.unknownField(name, nodeType);
    result[name] = field();
  }
  return result;
}

export async function readNode(db: Executor, tokenWabaId: string, id: string, requested: string | undefined) {
  if (id === tokenWabaId) {
    return pick('WhatsAppBusinessAccount', wabaFields(await accessibleWaba(db, tokenWabaId, id)), requested);
  }
  const phone = await accessiblePhoneNumber(db, tokenWabaId, id);
  return pick('WhatsAppBusinessPhoneNumber', phoneFields(phone), requested);
}
