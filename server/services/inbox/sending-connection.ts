import { INBOX_ERRORS, WHATSAPP_ERRORS } from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict } from '../../errors';
import type { Secrets } from '../../secrets';
import { connectionSecretAad, findConnection, type ConnectionRow } from '../whatsapp/connections';

/** The owner's number, ready for Graph: the connection and its business token, unsealed. */
export interface SendingConnection {
  connection: ConnectionRow;
  token: string;
}

function unseal(secrets: Pick<Secrets, 'decrypt'>, connection: ConnectionRow): SendingConnection {
  const token = secrets.decrypt(connection.business_token, connectionSecretAad(connection.user_id, 'business_token'));
  return { connection, token };
}

/** Undefined when the owner has no number connected, or its token was refused and needs reconnecting. */
export async function findSendingConnection(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  userId: number,
): Promise<SendingConnection | undefined> {
  const connection = await findConnection(db, userId);
  return connection?.status === 'active' ? unseal(secrets, connection) : undefined;
}

/** As above, but a missing or broken connection is the 409 the composer explains. */
export async function requireSendingConnection(
  db: Executor,
  secrets: Pick<Secrets, 'decrypt'>,
  userId: number,
): Promise<SendingConnection> {
  const connection = await findConnection(db, userId);
  if (!connection) throw new Conflict(INBOX_ERRORS.notConnected, undefined, 'whatsapp_not_connected');
  if (connection.status !== 'active') {
    throw new Conflict(WHATSAPP_ERRORS.tokenExpired, undefined, 'whatsapp_token_invalid');
  }
  return unseal(secrets, connection);
}
