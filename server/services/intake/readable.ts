import { plainFailure } from '../whatsapp/failure-words';
import type { WebhookMessage, WebhookStatusError } from './payload';

/**
 * Every message type Meta documents, as one line a person can read in the inbox (WHATSAPP.md §3).
 * The raw message is stored beside it, so nothing is lost by the simplification.
 */

type Json = Record<string, unknown>;

function part(message: WebhookMessage, name: string): Json {
  const value = message[name];
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function labelled(label: string, ...details: unknown[]): string {
  const detail = details.map(text).filter(Boolean).join(', ');
  return detail ? `${label} ${detail}` : label;
}

function location(place: Json): string {
  const named = labelled('[location]', place.name, place.address);
  if (named !== '[location]') return named;
  const { latitude, longitude } = place;
  return typeof latitude === 'number' && typeof longitude === 'number'
    ? `[location] ${latitude},${longitude}`
    : '[location]';
}

function contactNames(contacts: unknown): string[] {
  if (!Array.isArray(contacts)) return [];
  return contacts.map((contact: { name?: Json }) => {
    const name = contact?.name ?? {};
    return text(name.formatted_name) ?? [name.first_name, name.last_name].map(text).filter(Boolean).join(' ');
  });
}

function interactive(reply: Json): string {
  const kind = reply.type;
  if (kind === 'button_reply') return text((reply.button_reply as Json | undefined)?.title) ?? '[button reply]';
  if (kind === 'list_reply') return text((reply.list_reply as Json | undefined)?.title) ?? '[list reply]';
  if (kind === 'nfm_reply') return labelled('[form reply]', (reply.nfm_reply as Json | undefined)?.body);
  return '[interactive reply]';
}

export function readableBody(message: WebhookMessage): string {
  switch (message.type) {
    case 'text':
      return text(part(message, 'text').body) ?? '';
    case 'image':
    case 'video':
      return labelled(`[${message.type}]`, part(message, message.type).caption);
    case 'audio':
      return '[audio]';
    case 'sticker':
      return '[sticker]';
    case 'document': {
      const document = part(message, 'document');
      return labelled('[document]', document.filename ?? document.caption);
    }
    case 'location':
      return location(part(message, 'location'));
    case 'contacts':
      return labelled('[contacts]', contactNames(message.contacts).join(', '));
    case 'button':
      return text(part(message, 'button').text) ?? text(part(message, 'button').payload) ?? '[button]';
    case 'interactive':
      return interactive(part(message, 'interactive'));
    case 'order': {
      const items = part(message, 'order').product_items;
      const count = Array.isArray(items) ? items.length : 0;
      return labelled(`[order] ${count} ${count === 1 ? 'item' : 'items'}`, part(message, 'order').text);
    }
    case 'system':
      return labelled('[system]', part(message, 'system').body);
    case 'reaction':
      return labelled('[reaction]', part(message, 'reaction').emoji);
    default:
      return '[unsupported message]';
  }
}

/** A failed status's reason: plain words for the failures an owner can act on, else Meta's own. */
export function readableFailure(error: WebhookStatusError | undefined): string {
  if (!error) return 'The message could not be delivered.';
  const plain = plainFailure(error.code);
  return (
    plain ??
    text(error.error_data?.details) ??
    text(error.message) ??
    text(error.title) ??
    'The message could not be delivered.'
  );
}
