import type { Db } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import type { JobHandler } from '../../jobs/types';
import { callSignal } from '../../shutdown';
import { findActiveAgent } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import type { MediaStore } from '../media/store';
import { continueDeferredReply } from './after-media';
import { loadAi } from '../ai/sdk';
import { classifyModelError, type TranscriptionModelResolver } from './models';

/**
 * The transcription job: a customer's voice note (or audio) written out by the active agent's
 * provider (OpenAI) with the AI SDK's `experimental_transcribe`, queued by the media job once the
 * audio is kept. The transcript shows under the player and is what the reply answers. A timeout,
 * 429 or 5xx is retried by the job engine; anything else, and the last attempt, marks the
 * transcription failed: the reply then treats the voice note as one it cannot listen to.
 */

/** One transcription call gives up after this long (then counts as a transient failure). */
export const TRANSCRIPTION_TIMEOUT_MS = 120_000;

export interface TranscriptionResources {
  store: MediaStore;
  transcriptionModel: TranscriptionModelResolver;
}

type Settled = { status: 'done'; text: string } | { status: 'failed' };

/** Stores the outcome and continues the reply that waited for it, in one transaction. */
function settleTranscript(db: Db, message: ReceivedMessage, outcome: Settled): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query(
      `update message_media set transcript = $3, transcript_status = $4, updated_at = now()
        where message_id = $1 and user_id = $2`,
      [message.messageId, message.userId, outcome.status === 'done' ? outcome.text : null, outcome.status],
    );
    // The conversation's page (and its ETag) shows the transcript.
    await tx.query('update messages set updated_at = now() where id = $1 and user_id = $2', [
      message.messageId,
      message.userId,
    ]);
    await continueDeferredReply(tx, message, 'transcript');
  });
}

export function transcribeHandler(resources: TranscriptionResources): JobHandler<ReceivedMessage> {
  return {
    async run(message, context) {
      const media = await context.db.maybeOne<{ storage_key: string; transcript_status: string | null }>(
        `select storage_key, transcript_status from message_media
          where message_id = $1 and user_id = $2 and status = 'ready'`,
        [message.messageId, message.userId],
      );
      if (!media || media.transcript_status !== 'pending') return;
      const agent = await findActiveAgent(context.db, message.userId);
      let apiKey: string | undefined;
      try {
        apiKey = agent ? openAgentApiKey(context.secrets, agent) : undefined;
      } catch (error) {
        context.log.warn({ err: error }, 'transcription: the agent’s API key does not open');
        return settleTranscript(context.db, message, { status: 'failed' });
      }
      // The active agent may have changed since the voice note came: only its provider transcribes.
      const model = agent ? await resources.transcriptionModel({ model: agent.model, apiKey }) : undefined;
      const stored = model ? await resources.store.get(message.userId, media.storage_key) : undefined;
      if (!model || !stored) return settleTranscript(context.db, message, { status: 'failed' });

      const call = callSignal(context.signal, TRANSCRIPTION_TIMEOUT_MS);
      let text: string;
      try {
        const { experimental_transcribe: transcribe } = await loadAi();
        text = (await transcribe({ model, audio: stored.bytes, maxRetries: 0, abortSignal: call.signal })).text.trim();
      } catch (error) {
        context.signal.throwIfAborted();
        if (classifyModelError(error) === 'transient') throw error;
        context.log.warn({ err: error }, 'transcription failed');
        text = '';
      } finally {
        call.release();
      }
      await settleTranscript(context.db, message, text === '' ? { status: 'failed' } : { status: 'done', text });
    },

    async onFailed(message, context) {
      await settleTranscript(context.db, message, { status: 'failed' });
    },
  };
}
