import { MEDIA_KINDS, MEDIA_LIMITS, type MediaKind } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import type { JobHandler } from '../../jobs/types';
import type { MessageJobs, ReceivedMessage } from '../../events';
import type { Secrets } from '../../secrets';
import { findSendingConnection } from '../whatsapp/sending-connection';
import { MediaTooLarge, type GraphClient } from '../whatsapp/graph-client';
import { mediaTypeFor } from './sniff';
import { mediaKey, type MediaStore } from './store';

/**
 * The media job: a customer's photo, voice note, video, file or sticker fetched from Graph
 * (GET /{media-id} for the URL, then the download with the business token), its type decided by its
 * bytes, its size capped, and kept in the MediaStore. It runs in the conversation's queue, so the AI
 * reply queued after the message finds the media ready. A failure Graph may get over is retried;
 * after the last attempt, and at once for a file too large or not what it says, the media is failed.
 * Whatever follows a settled media (a transcription, a reply that waited for it) is the `settled`
 * hook's, in the same transaction.
 */

export const FETCH_MEDIA_JOB = 'media.fetch';
/** Its key: once per message, whatever retries of the webhook bring. */
export const FETCH_MEDIA_KEY_PREFIX = 'media:';

/** The most the embedded store keeps of one file, below Meta's per-kind limits (100 MB for documents). */
export const MAX_STORED_MEDIA_BYTES = 25 * 1024 * 1024;

export const MEDIA_FAILURES = {
  tooLarge: (maxBytes: number) =>
    `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, so it was not kept.`,
  wrongType: (kind: MediaKind) => `The file is not a ${kind === 'document' ? 'document' : kind} WhatsApp carries.`,
  unavailable: 'WhatsApp could not give us this file.',
  notConnected: 'WhatsApp is not connected, so the file could not be fetched.',
} as const;

/** The webhook's jobs for each new message, with the media job first for media messages (due at once). */
export function withMediaJob(jobs: MessageJobs): MessageJobs {
  const media = { name: FETCH_MEDIA_JOB, keyPrefix: FETCH_MEDIA_KEY_PREFIX, types: MEDIA_KINDS, immediate: true };
  return { ...jobs, jobs: [media, ...jobs.jobs] };
}

export function isMediaKind(type: string): type is MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(type);
}

/** The most a media of this kind may be: Meta's limit, and the store's. */
export function inboundCap(kind: MediaKind): number {
  return Math.min(MEDIA_LIMITS[kind].maxBytes, MAX_STORED_MEDIA_BYTES);
}

/** A media kept or failed, as the `settled` hook is told. */
export interface SettledMedia {
  kind: MediaKind;
  status: 'ready' | 'failed';
}

export interface MediaJobDeps {
  db: Db;
  graph: GraphClient;
  secrets: Pick<Secrets, 'decrypt'>;
  store: MediaStore;
  /** Runs in the transaction that settles a media (the replies area's: services/replies/after-media.ts). */
  settled?: (tx: Executor, message: ReceivedMessage, media: SettledMedia) => Promise<void>;
}

type WebhookMedia = { id?: unknown; mime_type?: unknown };

type Outcome = { status: 'ready'; mimeType: string; size: number; key: string } | { status: 'failed'; failure: string };

function settle(deps: MediaJobDeps, message: ReceivedMessage, kind: MediaKind, outcome: Outcome): Promise<void> {
  return deps.db.transaction(async (tx) => {
    await record(tx, message, outcome);
    await deps.settled?.(tx, message, { kind, status: outcome.status });
  });
}

async function record(db: Executor, message: ReceivedMessage, outcome: Outcome) {
  const ready = outcome.status === 'ready';
  await db.query(
    `insert into message_media (message_id, user_id, status, mime_type, size_bytes, storage_key, failure)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (message_id) do update set status = excluded.status, mime_type = excluded.mime_type,
       size_bytes = excluded.size_bytes, storage_key = excluded.storage_key, failure = excluded.failure,
       updated_at = now()`,
    [
      message.messageId,
      message.userId,
      outcome.status,
      ready ? outcome.mimeType : null,
      ready ? outcome.size : null,
      ready ? outcome.key : null,
      ready ? null : outcome.failure,
    ],
  );
  // The conversation's page (and its ETag) shows the media's new state.
  await db.query('update messages set updated_at = now() where id = $1 and user_id = $2', [
    message.messageId,
    message.userId,
  ]);
}

export function fetchMediaHandler(deps: MediaJobDeps): JobHandler<ReceivedMessage> {
  return {
    async run(message) {
      const row = await deps.db.maybeOne<{ type: string; raw: Record<string, unknown> }>(
        'select type, raw from messages where id = $1 and user_id = $2',
        [message.messageId, message.userId],
      );
      if (!row || !isMediaKind(row.type)) return;
      const kind = row.type;
      const media = (row.raw[kind] ?? {}) as WebhookMedia;
      if (typeof media.id !== 'string')
        return settle(deps, message, kind, { status: 'failed', failure: MEDIA_FAILURES.unavailable });
      const sending = await findSendingConnection(deps.db, deps.secrets, message.userId);
      if (!sending) return settle(deps, message, kind, { status: 'failed', failure: MEDIA_FAILURES.notConnected });

      const { token, connection } = sending;
      const cap = inboundCap(kind);
      const info = await deps.graph.getMediaUrl(token, media.id, connection.phone_number_id);
      if (Number(info.file_size) > cap) {
        return settle(deps, message, kind, { status: 'failed', failure: MEDIA_FAILURES.tooLarge(cap) });
      }
      let bytes: Buffer;
      try {
        bytes = (await deps.graph.downloadMedia(token, info.url, cap)).bytes;
      } catch (error) {
        if (error instanceof MediaTooLarge) {
          return settle(deps, message, kind, { status: 'failed', failure: MEDIA_FAILURES.tooLarge(cap) });
        }
        throw error;
      }
      const declared = typeof media.mime_type === 'string' ? media.mime_type : info.mime_type;
      const mimeType = mediaTypeFor(kind, bytes, declared);
      if (!mimeType) return settle(deps, message, kind, { status: 'failed', failure: MEDIA_FAILURES.wrongType(kind) });

      const key = mediaKey(message.userId, message.messageId);
      await deps.store.put(message.userId, key, mimeType, bytes);
      await settle(deps, message, kind, { status: 'ready', mimeType, size: bytes.length, key });
    },

    async onFailed(message) {
      const row = await deps.db.maybeOne<{ type: string }>('select type from messages where id = $1 and user_id = $2', [
        message.messageId,
        message.userId,
      ]);
      if (!row || !isMediaKind(row.type)) return;
      await settle(deps, message, row.type, { status: 'failed', failure: MEDIA_FAILURES.unavailable });
    },
  };
}
