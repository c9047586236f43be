import type { Conversation } from '../../contract';
import { formatPhone } from '../../contract/phone-numbers';

const CONVERSATION_ID_SUFFIX = '@c.us';

/** The customer's number as the id carries it: '15550100' for '15550100@c.us'. */
export const conversationNumber = (id: string) =>
  id.endsWith(CONVERSATION_ID_SUFFIX) ? id.slice(0, -CONVERSATION_ID_SUFFIX.length) : id;

/**
 * The customer's number as the inbox shows it, formatted for people ('+1 555 089 4823'); null for a customer who wrote with
 * their number hidden (a WhatsApp username, id '<BSUID>@bsuid'), who is never shown a number.
 */
export const customerPhoneNumber = (id: string) =>
  id.endsWith(CONVERSATION_ID_SUFFIX) ? formatPhone(`+${conversationNumber(id)}`) : null;

/** SPEC.md §3: a conversation whose name is its id shows '+' and the number instead. */
export const conversationName = ({ id, name }: Pick<Conversation, 'id' | 'name'>) =>
  name === id ? (customerPhoneNumber(id) ?? name) : name;
