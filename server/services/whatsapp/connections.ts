import { WHATSAPP_ERRORS, type MessagingConfig } from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict, NotFound } from '../../errors';
import type { Secrets } from '../../secrets';

/** The owner's connected number: one per owner, one owner per number; its token sealed at rest. */

export type ConnectionStatus = MessagingConfig['status'];

export type ConnectionRow = {
  id: number;
  user_id: number;
  waba_id: string;
  /** Null: a WABA connected without a number (Embedded Signup v4); nothing can be sent until one is added. */
  phone_number_id: string | null;
  phone_number: string;
  /** Sealed with `connectionSecretAad(user_id, 'business_token')`. */
  business_token: string;
  registration_pin: string | null;
  status: ConnectionStatus;
  created_at: Date;
};

/** Binds a sealed value to its row, so that a value copied into another owner's row does not decrypt. */
/** SPEC.md §3: the phone number when the provider gives none. */
export const PHONE_NUMBER_UNKNOWN = 'TBD';

export function connectionSecretAad(userId: number, column: 'business_token' | 'registration_pin'): string {
  return `whatsapp_connections:${userId}:${column}`;
}

export function findConnection(db: Executor, userId: number): Promise<ConnectionRow | undefined> {
  return db.maybeOne<ConnectionRow>('select * from whatsapp_connections where user_id = $1', [userId]);
}

export async function requireConnection(db: Executor, userId: number): Promise<ConnectionRow> {
  const connection = await findConnection(db, userId);
  if (!connection) throw new NotFound(WHATSAPP_ERRORS.notConnected, 'whatsapp_not_connected');
  return connection;
}

export function toMessagingConfig(row: ConnectionRow): MessagingConfig {
  return {
    status: row.status,
    waba_id: row.waba_id,
    phone_number_id: row.phone_number_id,
    phone_number: row.phone_number,
    created_at: row.created_at.toISOString(),
  };
}

export async function numberTakenByAnotherOwner(db: Executor, userId: number, phoneNumberId: string) {
  const row = await db.maybeOne('select 1 from whatsapp_connections where phone_number_id = $1 and user_id <> $2', [
    phoneNumberId,
    userId,
  ]);
  return row !== undefined;
}

/** Whether another owner has a number of this WABA connected (their webhooks depend on the subscription). */
export async function wabaUsedByAnotherOwner(db: Executor, userId: number, wabaId: string) {
  const row = await db.maybeOne('select 1 from whatsapp_connections where waba_id = $1 and user_id <> $2', [
    wabaId,
    userId,
  ]);
  return row !== undefined;
}

export function numberTaken(): Conflict {
  return new Conflict(WHATSAPP_ERRORS.numberTaken, 'phone_number_id', 'whatsapp_number_taken');
}

export interface NewConnection {
  waba_id: string;
  phone_number_id: string | null;
  phone_number: string;
  sealedToken: string;
  sealedPin: string | null;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Saves the owner's connection, replacing the one they had. A number another owner has connected
 * (also one connected a moment ago, caught by the unique key) is a 409.
 */
export async function upsertConnection(db: Executor, userId: number, next: NewConnection): Promise<ConnectionRow> {
  try {
    return await db.one<ConnectionRow>(
      `insert into whatsapp_connections
         (user_id, waba_id, phone_number_id, phone_number, business_token, registration_pin, status)
       values ($1, $2, $3, $4, $5, $6, 'active')
       on conflict (user_id) do update set
         waba_id = excluded.waba_id,
         phone_number_id = excluded.phone_number_id,
         phone_number = excluded.phone_number,
         business_token = excluded.business_token,
         registration_pin = excluded.registration_pin,
         status = 'active',
         created_at = now(),
         updated_at = now()
       returning *`,
      [userId, next.waba_id, next.phone_number_id, next.phone_number, next.sealedToken, next.sealedPin],
    );
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === UNIQUE_VIOLATION && constraint === 'whatsapp_connections_phone_number_id_key') throw numberTaken();
    throw error;
  }
}

/** Graph refused the token (190): the owner has to connect again. */
export async function markNeedsReconnection(db: Executor, connectionId: number): Promise<void> {
  await db.query(
    `update whatsapp_connections set status = 'needs_reconnection', updated_at = now()
      where id = $1 and status = 'active'`,
    [connectionId],
  );
}

/**
 * The connection's business token, unsealed; undefined when it does not open (DATA_DIR restored
 * without its secret.key, or SECRET_KEY changed): the connection then needs reconnecting, which the
 * owner can do, rather than failing every call that needs it.
 */
export async function openBusinessToken(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  connection: ConnectionRow,
): Promise<string | undefined> {
  try {
    return secrets.decrypt(connection.business_token, connectionSecretAad(connection.user_id, 'business_token'));
  } catch {
    await markNeedsReconnection(db, connection.id);
    return undefined;
  }
}

/** Forgets the connection and its token; conversations and messages stay. */
export async function deleteConnection(db: Executor, userId: number): Promise<void> {
  await db.query('delete from whatsapp_connections where user_id = $1', [userId]);
  await db.query('delete from whatsapp_pending_exchanges where user_id = $1', [userId]);
}
