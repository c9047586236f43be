import crypto from 'node:crypto';
import { INBOX_ERRORS, INBOX_LIMITS, type Message, type MessageSender } from '../../../contract';
import type { Executor } from '../../db/client';
import { AppError, Conflict, ValidationFailed } from '../../errors';
import { ShuttingDown } from '../../shutdown';
import { markNeedsReconnection } from '../whatsapp/connections';
import { sendingAddress } from '../whatsapp/customer-id';
import { GraphOutsideWindow, GraphTokenInvalid, sendFailureKind } from '../whatsapp/graph-errors';
import { explainGraphFailure } from '../whatsapp/graph-failures';
import { requireConversationById } from './conversations';
import type { InboxDeps } from './deps';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './messages';
import { requireSendingConnection } from '../whatsapp/sending-connection';

/**
 * Sending a text to a customer, by a person from the inbox or by the AI: checked, sent through
 * Graph (quoting a message when asked), and stored. A send Graph refuses is stored as failed with
 * its reason, so that nothing the owner wrote is silently lost.
 */

export interface ReplyInput {
  userId: number;
  conversationId: number;
  text: string;
  /** The wamid of a message of this conversation that the reply quotes. */
  inReplyTo?: string | null;
  sender: Exclude<MessageSender, 'customer'>;
  /**
   * The caller (the reply job) deals with a send that may go through later or may have gone through
   * (sendFailureKind 'passing' or 'uncertain'): the Graph error is thrown as it is, nothing stored.
   */
  retriesLater?: boolean;
}

/** WhatsApp gives no id to a message it refused; ours keeps it apart from every wamid. */
export const FAILED_ID_PREFIX = 'failed.';

function checkText(text: string): void {
  if (text.trim() === '') throw new ValidationFailed(INBOX_ERRORS.emptyReply, 'text', 'reply_empty');
  if (text.length > INBOX_LIMITS.maxReplyLength) {
    throw new ValidationFailed(INBOX_ERRORS.replyTooLong, 'text', 'reply_too_long');
  }
}

export async function checkQuoted(
  db: Executor,
  input: Pick<ReplyInput, 'userId' | 'conversationId' | 'inReplyTo'>,
): Promise<string | undefined> {
  if (input.inReplyTo === undefined || input.inReplyTo === null) return undefined;
  const quoted = await db.maybeOne(
    'select 1 from messages where user_id = $1 and conversation_id = $2 and wamid = $3',
    [input.userId, input.conversationId, input.inReplyTo],
  );
  if (!quoted) throw new ValidationFailed(INBOX_ERRORS.quotedNotFound, 'in_reply_to_message_id', 'quoted_not_found');
  if (input.inReplyTo.startsWith(FAILED_ID_PREFIX)) {
    throw new ValidationFailed(INBOX_ERRORS.quotedNotSent, 'in_reply_to_message_id', 'quoted_not_sent');
  }
  return input.inReplyTo;
}

export function windowClosed(): Conflict {
  return new Conflict(INBOX_ERRORS.windowClosed, undefined, 'whatsapp_window_closed');
}

export interface Outgoing {
  wamid: string;
  status: 'pending' | 'failed';
  statusError?: string;
  statusErrorCode?: number;
}

/** What an outbound message is: its type, the text the inbox shows, and the raw message as sent. */
export interface OutboundContent {
  type: string;
  body: string;
  raw: Record<string, unknown>;
}

/** Stores the message and moves the conversation's preview and activity to it, in one transaction. */
export async function storeOutbound(
  deps: Pick<InboxDeps, 'db'>,
  input: Pick<ReplyInput, 'userId' | 'conversationId' | 'sender'>,
  content: OutboundContent,
  quoted: string | undefined,
  outgoing: Outgoing,
) {
  const raw = { ...content.raw, ...(quoted ? { context: { message_id: quoted } } : {}) };
  return deps.db.transaction(async (tx) => {
    const row = await tx.one<MessageRow>(
      `insert into messages
         (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status,
          status_error, status_error_code, sent_at)
       values ($1, $2, $3, 'outbound', $4, $5, $6, $7::jsonb, $8, $9, $10, $11, now())
       returning ${MESSAGE_COLUMNS}`,
      [
        input.userId,
        input.conversationId,
        outgoing.wamid,
        input.sender,
        content.type,
        content.body,
        JSON.stringify(raw),
        quoted ?? null,
        outgoing.status,
        outgoing.statusError ?? null,
        outgoing.statusErrorCode ?? null,
      ],
    );
    await tx.query(
      `update conversations set
          last_message_preview = $3,
          last_message_at = greatest(last_message_at, now()),
          updated_at = now()
        where id = $1 and user_id = $2`,
      [input.conversationId, input.userId, content.body],
    );
    return row;
  });
}

const textContent = (text: string): OutboundContent => ({
  type: 'text',
  body: text,
  raw: { type: 'text', text: { body: text } },
});

/** The readable reason of a Graph failure, with the code the owner's client can act on. */
export function readableFailure(error: unknown): { reason: string; code: string; graphCode?: number } {
  const explained = explainGraphFailure(error);
  const graphCode = (error as { code?: unknown }).code;
  if (explained instanceof AppError) {
    return {
      reason: explained.message,
      code: explained.code,
      graphCode: typeof graphCode === 'number' ? graphCode : undefined,
    };
  }
  return { reason: 'WhatsApp could not send this message.', code: 'whatsapp_error' };
}

/**
 * Sends `text` to the conversation's customer and returns the stored message (status 'pending'
 * until status webhooks say more). Refusals: 422 for the text or the quoted message, 409 when not
 * connected or outside the 24-hour window (checked before calling Graph), 502 when Graph fails —
 * then the message is stored as failed.
 */
export async function sendReply(deps: InboxDeps, input: ReplyInput): Promise<Message> {
  const conversation = await requireConversationById(deps.db, input.userId, input.conversationId);
  checkText(input.text);
  const quoted = await checkQuoted(deps.db, input);
  const { connection, token } = await requireSendingConnection(deps.db, deps.secrets, input.userId);
  if (!conversation.window_open) throw windowClosed();

  let wamid: string;
  try {
    const sent = await deps.graph.sendText(token, connection.phone_number_id, {
      to: sendingAddress(conversation),
      body: input.text,
      replyTo: quoted,
    });
    const id = sent.messages[0]?.id;
    if (!id) throw new Error('Graph accepted the message without giving its id');
    wamid = id;
  } catch (error) {
    // Not refused, interrupted: nothing is stored as failed, and the caller (a job) may try again.
    if (error instanceof ShuttingDown) throw error;
    if (input.retriesLater && sendFailureKind(error) !== 'refused') throw error;
    if (error instanceof GraphOutsideWindow) throw windowClosed();
    if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, connection.id);
    const failure = readableFailure(error);
    deps.log.warn({ err: error, userId: input.userId, conversationId: input.conversationId }, 'inbox: send failed');
    await storeOutbound(deps, input, textContent(input.text), quoted, {
      wamid: `${FAILED_ID_PREFIX}${crypto.randomUUID()}`,
      status: 'failed',
      statusError: failure.reason,
      statusErrorCode: failure.graphCode,
    });
    throw new AppError(502, failure.code, failure.reason);
  }
  return toMessage(
    await storeOutbound(deps, input, textContent(input.text), quoted, { wamid, status: 'pending' }),
    conversation.wa_id,
  );
}
