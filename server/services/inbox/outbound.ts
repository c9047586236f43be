import crypto from 'node:crypto';
import { INBOX_ERRORS, type Message, type MessageSender } from '../../../contract';
import type { Executor } from '../../db/client';
import { AppError, Conflict } from '../../errors';
import { ShuttingDown } from '../../shutdown';
import { markNeedsReconnection } from '../whatsapp/connections';
import { sendingAddress } from '../whatsapp/customer-id';
import type { GraphClient } from '../whatsapp/graph-client';
import { GraphOutsideWindow, GraphTokenInvalid, sendFailureKind } from '../whatsapp/graph-errors';
import { explainGraphFailure } from '../whatsapp/graph-failures';
import { requireSendingConnection, type SendingConnection } from '../whatsapp/sending-connection';
import type { ConversationRow } from './conversations';
import type { InboxDeps } from './deps';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './messages';
import { takeOverByHand } from './ownership';

/**
 * The one way a message reaches a customer, whoever wrote it (the AI, the owner, later a team member or a
 * campaign) and whatever it is (text, file, template, buttons): the 24-hour window checked before Graph is
 * called, the message sent, Meta's refusal mapped to plain words, the message stored with its author (its
 * insert is the live event, migration 0022), and a person's send taking the conversation over. A kind of
 * message is an `Outbound`: what it needs, how Graph sends it and what the inbox keeps of it.
 */

export type Author = Exclude<MessageSender, 'customer'>;

/** What the inbox keeps of an outbound message: its type, the text it shows, and the message as sent. */
export interface OutboundContent {
  type: string;
  body: string;
  raw: Record<string, unknown>;
}

/** Where a message goes: the owner's number, its token, the customer's address, the message it quotes. */
export interface Route {
  graph: GraphClient;
  token: string;
  phoneNumberId: string;
  to: string;
  quoted: string | undefined;
}

/** One kind of outbound message. */
export interface Outbound {
  /** Whether it may go only inside the 24-hour window (everything but a template). */
  needsOpenWindow: boolean;
  /** Readies what the send needs once the message may go (a file put in the media store). */
  prepare?(): Promise<void>;
  /** Sends it through Graph and answers its wamid. */
  send(route: Route): Promise<string>;
  /** What is stored, asked once the send is over (a file's media id is known by then, if it got one). */
  content(): OutboundContent;
  /** Rows that belong to the stored message (a file's `message_media`), written in its transaction. */
  storeWith?(tx: Executor, messageId: number): Promise<void>;
  /** Undoes what `prepare` did when nothing will be stored. */
  abandon?(): Promise<void>;
}

export interface OutboundInput {
  userId: number;
  conversation: ConversationRow;
  author: Author;
  /** The wamid of the customer's message this one quotes (checked by `checkQuoted`). */
  quoted?: string;
  /**
   * The caller (the reply job) deals with a send that may go through later or may have gone through
   * (sendFailureKind 'passing' or 'uncertain'): the Graph error is thrown as it is, nothing stored.
   */
  retriesLater?: boolean;
}

/** WhatsApp gives no id to a message it refused; ours keeps it apart from every wamid. */
export const FAILED_ID_PREFIX = 'failed.';

export function windowClosed(): Conflict {
  return new Conflict(INBOX_ERRORS.windowClosed, undefined, 'whatsapp_window_closed');
}

interface Outgoing {
  wamid: string;
  status: 'pending' | 'failed';
  statusError?: string;
  statusErrorCode?: number;
}

type EarlyStatus = {
  status: string;
  status_error: string | null;
  status_error_code: number | null;
  billable: boolean | null;
  pricing_model: string | null;
  pricing_category: string | null;
  pricing_type: string | null;
};

/**
 * What the status webhooks told of a message before it was stored (migration 0057): its status and pricing,
 * taken once. The lock makes a status being stored now wait for this transaction, so it finds the message.
 */
async function takeEarlyStatus(tx: Executor, userId: number, wamid: string): Promise<EarlyStatus | undefined> {
  await tx.query('select lock_message_status($1, $2)', [userId, wamid]);
  return tx.maybeOne<EarlyStatus>(
    `delete from early_statuses where user_id = $1 and wamid = $2
     returning status, status_error, status_error_code, billable, pricing_model, pricing_category, pricing_type`,
    [userId, wamid],
  );
}

/**
 * Stores the message, with whatever its status webhooks told already, and moves the conversation's preview
 * and activity to it, in one transaction.
 */
async function storeOutbound(
  deps: Pick<InboxDeps, 'db'>,
  input: OutboundInput,
  outbound: Outbound,
  outgoing: Outgoing,
) {
  const content = outbound.content();
  const raw = { ...content.raw, ...(input.quoted ? { context: { message_id: input.quoted } } : {}) };
  return deps.db.transaction(async (tx) => {
    const early = outgoing.status === 'pending' ? await takeEarlyStatus(tx, input.userId, outgoing.wamid) : undefined;
    const row = await tx.one<MessageRow>(
      `insert into messages
         (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status,
          status_error, status_error_code, billable, pricing_model, pricing_category, pricing_type, sent_at)
       values ($1, $2, $3, 'outbound', $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, now())
       returning ${MESSAGE_COLUMNS}`,
      [
        input.userId,
        input.conversation.id,
        outgoing.wamid,
        input.author,
        content.type,
        content.body,
        JSON.stringify(raw),
        input.quoted ?? null,
        early?.status ?? outgoing.status,
        early ? early.status_error : (outgoing.statusError ?? null),
        early ? early.status_error_code : (outgoing.statusErrorCode ?? null),
        early?.billable ?? null,
        early?.pricing_model ?? null,
        early?.pricing_category ?? null,
        early?.pricing_type ?? null,
      ],
    );
    await tx.query(
      `update conversations set
          last_message_preview = $3,
          last_message_at = greatest(last_message_at, now()),
          updated_at = now()
        where id = $1 and user_id = $2`,
      [input.conversation.id, input.userId, content.body],
    );
    if (!outbound.storeWith) return row;
    // The message as the inbox shows it includes what was stored with it (a file's media).
    await outbound.storeWith(tx, Number(row.id));
    return tx.one<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where id = $1`, [row.id]);
  });
}

/** Why Graph did not send a message, in plain words, with the code the owner's client can act on. */
export interface Refusal {
  reason: string;
  code: string;
  graphCode?: number;
}

/** The readable reason of a Graph failure. */
export function readableFailure(error: unknown): Refusal {
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

/** The 502 that tells the owner why WhatsApp did not take a message. */
export const refused = (refusal: Refusal) => new AppError(502, refusal.code, refusal.reason);

/**
 * What a failed Graph call becomes: thrown on when nothing should be stored (the shutdown; a passing
 * failure the caller retries; the window closed after all), else its refusal in plain words. A refused
 * token marks the connection as needing reconnection.
 */
export async function graphRefusal(
  deps: Pick<InboxDeps, 'db'>,
  sending: SendingConnection,
  error: unknown,
  options: { needsOpenWindow: boolean; retriesLater?: boolean },
): Promise<Refusal> {
  if (error instanceof ShuttingDown) throw error;
  if (options.retriesLater && sendFailureKind(error) !== 'refused') throw error;
  if (options.needsOpenWindow && error instanceof GraphOutsideWindow) throw windowClosed();
  if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, sending.connection.id);
  return readableFailure(error);
}

/**
 * Sends one message to the conversation's customer and answers it as stored (status 'pending' until the
 * status webhooks say more). Refusals: 409 when not connected or outside the 24-hour window (checked before
 * calling Graph), 502 when Graph fails — then the message is stored as failed with its reason, so that
 * nothing the owner wrote is silently lost. A message a person sent takes the conversation over.
 */
export async function sendOutbound(deps: InboxDeps, input: OutboundInput, outbound: Outbound): Promise<Message> {
  const sending = await requireSendingConnection(deps.db, deps.secrets, input.userId);
  if (outbound.needsOpenWindow && !input.conversation.window_open) throw windowClosed();
  await outbound.prepare?.();
  let wamid: string;
  try {
    wamid = await outbound.send({
      graph: deps.graph,
      token: sending.token,
      phoneNumberId: sending.connection.phone_number_id,
      to: sendingAddress(input.conversation),
      quoted: input.quoted,
    });
  } catch (error) {
    const options = { needsOpenWindow: outbound.needsOpenWindow, retriesLater: input.retriesLater };
    const refusal = await graphRefusal(deps, sending, error, options).catch(async (thrown: unknown) => {
      await outbound.abandon?.();
      throw thrown;
    });
    deps.log.warn({ err: error, userId: input.userId, conversationId: input.conversation.id }, 'inbox: send failed');
    await storeOutbound(deps, input, outbound, {
      wamid: `${FAILED_ID_PREFIX}${crypto.randomUUID()}`,
      status: 'failed',
      statusError: refusal.reason,
      statusErrorCode: refusal.graphCode,
    });
    throw refused(refusal);
  }
  const stored = await storeOutbound(deps, input, outbound, { wamid, status: 'pending' });
  if (input.author === 'human') await takeOverByHand(deps.db, input.userId, input.conversation.id);
  return toMessage(stored, input.conversation.wa_id);
}

/** The wamid Graph answered a send with; a send without one did not go through as far as we can tell. */
export function sentId(sent: { messages: { id: string }[] }): string {
  const id = sent.messages[0]?.id;
  if (!id) throw new Error('Graph accepted the message without giving its id');
  return id;
}
