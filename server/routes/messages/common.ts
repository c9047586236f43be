import { Type } from 'typebox';
import { BEARER_AUTH } from '../shared';

/** What every /messages route's schema says: its tag and the bearer token it needs. */
export const common = { tags: ['messages'], security: BEARER_AUTH };

/** One message of a conversation in a path. */
export const MessageParams = Type.Object({
  id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
  messageId: Type.String({ description: 'The message id (wamid)' }),
});
