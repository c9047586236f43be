import type { MessageJobs, ReceivedMessage } from '../../events';
import { REPLIES_LANE, type Jobs } from '../../jobs/types';
import type { EmbeddingModelResolver } from '../ai/embeddings';
import type { MediaStore } from '../media/store';
import type { GraphClient } from '../whatsapp/graph-client';
import { EXTRACT_MEMORIES_JOB, extractMemories } from './memories';
import type { LanguageModelResolver, TranscriptionModelResolver } from './models';
import { REPLY_JOB, REPLY_KEY_PREFIX, TRANSCRIBE_JOB } from './job-names';
import { runReply } from './pipeline';
import { replyGaveUp } from './sending';
import { transcribeHandler } from './transcription';

export interface ReplyJobResources {
  graph: GraphClient;
  embeddingModel: EmbeddingModelResolver;
  languageModel: LanguageModelResolver;
  transcriptionModel: TranscriptionModelResolver;
  /** Where customers' media are kept: the reply's photos and the transcription's voice notes. */
  mediaStore: MediaStore;
}

/**
 * What each new customer message asks for, queued by the webhook with the message itself (so that
 * a crash after the commit cannot lose a reply): a reply job after `debounceMs` (REPLY_DEBOUNCE_MS),
 * keyed by the wamid so that a duplicate delivery queues nothing, and a memory job, both in the
 * conversation's queue: the conversation's jobs run one at a time, the reply first (same due time,
 * lower id).
 */
export function replyJobs(debounceMs: number, now = Date.now()): MessageJobs {
  return {
    jobs: [
      { name: REPLY_JOB, keyPrefix: REPLY_KEY_PREFIX },
      { name: EXTRACT_MEMORIES_JOB, keyPrefix: 'memories:' },
    ],
    runAt: debounceMs > 0 ? new Date(now + debounceMs) : undefined,
  };
}

/**
 * The handlers of 'reply', 'extract-memories' and 'media.transcribe', for whichever process runs jobs: the API in the
 * embedded shape (the replies plugin), `npm run worker` in the scaled-out one.
 */
export function registerReplyJobs(runner: Jobs, resources: ReplyJobResources): void {
  runner.register<ReceivedMessage>(
    REPLY_JOB,
    {
      async run(payload, context) {
        const outcome = await runReply(
          {
            db: context.db,
            graph: resources.graph,
            secrets: context.secrets,
            log: context.log,
            config: context.config,
            embeddingModel: resources.embeddingModel,
            languageModel: resources.languageModel,
            mediaStore: resources.mediaStore,
            signal: context.signal,
            retriesLeft: context.job.attempt < context.job.maxAttempts,
          },
          payload,
        );
        context.log.info({ outcome, conversationId: payload.conversationId }, 'reply job finished');
      },
      // Its runs kept failing, or ended their process twice: the customer must not be left unanswered unseen.
      async onFailed(payload, context) {
        await replyGaveUp({ db: context.db }, payload);
      },
    },
    REPLIES_LANE,
  );
  runner.register<ReceivedMessage>(
    EXTRACT_MEMORIES_JOB,
    {
      async run(payload, context) {
        await extractMemories(
          {
            db: context.db,
            secrets: context.secrets,
            log: context.log,
            languageModel: resources.languageModel,
            signal: context.signal,
          },
          payload,
        );
      },
    },
    REPLIES_LANE,
  );
  runner.register<ReceivedMessage>(
    TRANSCRIBE_JOB,
    transcribeHandler({ store: resources.mediaStore, transcriptionModel: resources.transcriptionModel }),
    REPLIES_LANE,
  );
}
