import type { Db } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import type { AgentRow } from '../agents/agents';
import type { ContextHit } from '../knowledge/contexts';
import { retrievePassages, type ContextSearchDeps } from '../knowledge/search';
import { LOCAL_KNOWLEDGE_MODEL, MEDIA_KINDS } from '../../../contract';
import type { MediaStore } from '../media/store';
import { earlierSubject } from './follow-ups';
import { knowledgeRequest, type KnowledgeRequest } from './knowledge-base-model';
import { detectLanguage } from './language';
import { wordsOf } from './lexicon';
import { isPhoneNumber } from '../whatsapp/customer-id';
import { promptImages, promptText, spokenText, type ConversationRow } from './media-turns';
import { assemblePrompt, type HistoryTurn, type PromptImage, type PromptMemory, type PromptPassage } from './prompt';
import { SYNONYMS } from './vocabulary';

/**
 * What a reply is written from: the conversation, the burst of customer messages it answers and
 * what came before, the passages of the agent's knowledge that match, the customer's memories, and
 * the prompt made of them (with the customer's media as media-turns.ts reads them).
 */

/** Passages and memories put into the prompt. */
export const TOP_PASSAGES = 5;
export const MAX_MEMORIES = 20;
/** Earlier messages of the conversation given as turns. */
export const HISTORY_TURNS = 20;

export type ConversationState = {
  id: number;
  wa_id: string;
  profile_name: string | null;
  username: string | null;
  owner: 'ai' | 'human';
  window_open: boolean;
};

export type { ConversationRow };

const MEDIA_TYPES = [...MEDIA_KINDS, 'location'];

export async function conversationState(db: Db, payload: ReceivedMessage): Promise<ConversationState | undefined> {
  return db.maybeOne<ConversationState>(
    `select id, wa_id, profile_name, username, owner,
            coalesce(last_inbound_at > now() - interval '24 hours', false) as window_open
       from conversations where id = $1 and user_id = $2`,
    [payload.conversationId, payload.userId],
  );
}

/**
 * The conversation's latest visible messages in the order they reached us (row ids): the customer's
 * clock (their messages' timestamps) and ours need not agree.
 */
export async function recentMessages(db: Db, payload: ReceivedMessage): Promise<ConversationRow[]> {
  const rows = await db.query<ConversationRow>(
    `select m.id, m.wamid, m.body, m.direction, m.sent_at, m.type,
            case when m.type = any($4::text[]) then m.raw -> m.type ->> 'caption' end as caption,
            case when m.type = any($4::text[]) then m.raw -> m.type ->> 'filename' end as filename,
            mm.status as media_status, mm.mime_type, mm.size_bytes, mm.storage_key, mm.transcript,
            exists (select 1 from reply_attempts ra
                     where ra.user_id = m.user_id and ra.wamid = m.wamid and ra.state = 'left_to_person')
              as left_to_person
       from messages m left join message_media mm on mm.message_id = m.id and mm.user_id = m.user_id
      where m.conversation_id = $1 and m.user_id = $2 and m.hidden_at is null and m.status <> 'failed'
      order by m.id desc
      limit $3`,
    [payload.conversationId, payload.userId, HISTORY_TURNS + 10, MEDIA_TYPES],
  );
  return rows.reverse();
}

/**
 * The customer's messages since our last message (the burst this reply answers), and what came
 * before. Messages left to a person are not the AI's to answer: an AI that takes the conversation
 * back after the owner's silence answers what the customer asked since, not an older question.
 */
export function splitBurst(messages: ConversationRow[]): { burst: ConversationRow[]; earlier: ConversationRow[] } {
  let start = messages.length;
  while (start > 0 && messages[start - 1].direction === 'inbound' && !messages[start - 1].left_to_person) start -= 1;
  return { burst: messages.slice(start), earlier: messages.slice(0, start) };
}

async function customerMemories(deps: { db: Db }, agent: AgentRow, phone: string): Promise<PromptMemory[]> {
  const rows = await deps.db.query<{ id: number; memory: string }>(
    `select id, memory from memories
      where agent_id = $1 and user_id = $2 and from_phone_number = $3
      order by updated_at desc, id desc limit $4`,
    [agent.id, agent.user_id, phone, MAX_MEMORIES],
  );
  return rows.map((row) => ({ id: Number(row.id), text: row.memory }));
}

/**
 * The customer as memories key them: their number in E.164 with the '+', or, for a customer who
 * wrote with their number hidden, the BSUID their conversation is keyed by.
 */
export function customerPhone(waId: string): string {
  return isPhoneNumber(waId) ? `+${waId}` : waId;
}

export interface ReplyContext {
  /** The burst's messages, one per line, media as notes: what the reply answers. */
  message: string;
  passages: ContextHit[];
  memories: PromptMemory[];
  prompt: ReturnType<typeof assemblePrompt>;
  /** What the offline model answers from; only for `local/knowledge-base`. */
  knowledge?: KnowledgeRequest;
}

/**
 * What retrieval searches for: the message, the question a follow-up leans on ("how long does it
 * take?" after one about cargo bikes), and the synonyms of its words ("hire" finds "rental").
 */
export function retrievalText(message: string, history: HistoryTurn[]): string {
  const language = detectLanguage(message);
  const words = new Set(wordsOf(message));
  const synonyms = SYNONYMS[language].filter((group) => group.some((word) => words.has(word))).flat();
  return [message, earlierSubject(message, history, language), ...synonyms].filter(Boolean).join(' ');
}

/**
 * Retrieval, the customer's memories and the prompt, for the burst `customerMessages`. Retrieval
 * and the offline model read what the customer said (texts, captions, transcripts); the prompt
 * reads the media as notes, and a model that sees images gets the latest photos too.
 */
export async function replyContext(
  deps: ContextSearchDeps & { db: Db; mediaStore: MediaStore },
  agent: AgentRow,
  apiKey: string | undefined,
  conversation: ConversationState,
  customerMessages: ConversationRow[],
  earlier: ConversationRow[],
): Promise<ReplyContext> {
  const phone = customerPhone(conversation.wa_id);
  const turns = earlier.slice(-HISTORY_TURNS);
  const images = await promptImages(deps.mediaStore, agent.model, agent.user_id, [...turns, ...customerMessages]);
  const imagesOf = (rows: ConversationRow[]) =>
    rows.map((row) => images.get(row.id)).filter((image): image is PromptImage => image !== undefined);
  const message = customerMessages.map((row) => promptText(row, images.has(row.id))).join('\n');
  const said = customerMessages
    .map(spokenText)
    .filter((text) => text.trim() !== '')
    .join('\n');
  const history = turns.map((row): HistoryTurn => ({
    from: row.direction === 'inbound' ? 'customer' : 'business',
    text: promptText(row, images.has(row.id)),
    ...(images.has(row.id) ? { images: imagesOf([row]) } : {}),
  }));
  const passages = await retrievePassages(deps, agent, apiKey, retrievalText(said, history), TOP_PASSAGES);
  const memories = await customerMemories(deps, agent, phone);
  const prompt = assemblePrompt({
    systemPrompt: agent.system_prompt,
    userPrompt: agent.user_prompt,
    customerName: conversation.profile_name ?? conversation.username ?? phone,
    customerPhone: phone,
    message,
    passages: passages.map((hit): PromptPassage => ({
      id: hit.id,
      text: hit.context,
      documentName: hit.document_name,
    })),
    memories,
    history,
    images: imagesOf(customerMessages),
  });
  const knowledge =
    agent.model === LOCAL_KNOWLEDGE_MODEL
      ? await knowledgeRequest(deps.db, {
          question: said,
          customerName: conversation.profile_name,
          passages: passages.map((hit) => ({ id: hit.id, text: hit.context })),
          history,
        })
      : undefined;
  return { message, passages, memories, prompt, knowledge };
}
