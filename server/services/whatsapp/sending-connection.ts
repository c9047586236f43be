import { INBOX_ERRORS, WHATSAPP_ERRORS } from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict } from '../../errors';
import type { Secrets } from '../../secrets';
import { findConnection, openBusinessToken, type ConnectionRow } from './connections';

/** A connection with a number: a WABA connected alone (Embedded Signup v4) has nothing to send from. */
export type NumberedConnection = ConnectionRow & { phone_number_id: string };

const hasNumber = (connection: ConnectionRow): connection is NumberedConnection => connection.phone_number_id !== null;

/** The owner's number, ready for Graph: the connection and its business token, unsealed. */
export interface SendingConnection {
  connection: NumberedConnection;
  token: string;
}

async function unseal(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  connection: NumberedConnection,
): Promise<SendingConnection | undefined> {
  const token = await openBusinessToken(db, secrets, connection);
  return token === undefined ? undefined : { connection, token };
}

const tokenInvalid = () => new Conflict(WHATSAPP_ERRORS.tokenExpired, undefined, 'whatsapp_token_invalid');

/** Undefined when the owner has no number connected (or a WABA without one), or its token was refused and needs reconnecting. */
export async function findSendingConnection(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  userId: number,
): Promise<SendingConnection | undefined> {
  const connection = await findConnection(db, userId);
  return connection?.status === 'active' && hasNumber(connection) ? unseal(db, secrets, connection) : undefined;
}

/** As above, but a missing or broken connection is the 409 the composer explains. */
export async function requireSendingConnection(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  userId: number,
): Promise<SendingConnection> {
  const connection = await findConnection(db, userId);
  if (!connection || !hasNumber(connection)) {
    throw new Conflict(INBOX_ERRORS.notConnected, undefined, 'whatsapp_not_connected');
  }
  if (connection.status !== 'active') throw tokenInvalid();
  const sending = await unseal(db, secrets, connection);
  if (!sending) throw tokenInvalid();
  return sending;
}
