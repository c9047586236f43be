import type { Executor } from '../../db/client';

/**
 * Where media bytes live. The embedded shape keeps them in the database (`DbMediaStore`); an
 * S3-compatible store can take its place by implementing the same three calls, keyed the same way
 * (README: "Media storage"). Every call names the owner, so one owner's key never reaches another's bytes.
 */
export interface MediaStore {
  put(userId: number, key: string, mimeType: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key for this owner. */
  get(userId: number, key: string): Promise<StoredMedia | undefined>;
  delete(userId: number, key: string): Promise<void>;
}

export interface StoredMedia {
  mimeType: string;
  size: number;
  /** The whole file; a remote store would hand over a stream here instead. */
  bytes: Buffer;
}

/** The key of a message's media: the owner's folder, then the message. */
export function mediaKey(userId: number, messageId: number): string {
  return `${userId}/messages/${messageId}`;
}

export class DbMediaStore implements MediaStore {
  constructor(private readonly db: Executor) {}

  async put(userId: number, key: string, mimeType: string, bytes: Buffer): Promise<void> {
    await this.db.query(
      `insert into media_blobs (key, user_id, mime_type, bytes) values ($1, $2, $3, $4)
       on conflict (key) do update set mime_type = excluded.mime_type, bytes = excluded.bytes
        where media_blobs.user_id = excluded.user_id`,
      [key, userId, mimeType, bytes],
    );
  }

  async get(userId: number, key: string): Promise<StoredMedia | undefined> {
    const row = await this.db.maybeOne<{ mime_type: string; bytes: Buffer }>(
      'select mime_type, bytes from media_blobs where key = $1 and user_id = $2',
      [key, userId],
    );
    if (!row) return undefined;
    const bytes = Buffer.from(row.bytes);
    return { mimeType: row.mime_type, size: bytes.length, bytes };
  }

  async delete(userId: number, key: string): Promise<void> {
    await this.db.query('delete from media_blobs where key = $1 and user_id = $2', [key, userId]);
  }
}
