import { markNeedsReconnection } from '../whatsapp/connections';
import { GraphTokenInvalid } from '../whatsapp/graph-errors';
import type { InboxDeps } from './deps';
import { findSendingConnection } from '../whatsapp/sending-connection';
import { readInboxSettings } from './settings';

/**
 * Blue ticks for the customer: tells WhatsApp the owner read up to `wamid`, unless the owner turned
 * read receipts off. Best effort, after the inbox has answered: without a working connection there
 * is nobody to tell, and a failure is logged, never shown (the owner did read the messages).
 */
export async function sendReadReceipt(deps: InboxDeps, userId: number, wamid: string): Promise<void> {
  try {
    if (!(await readInboxSettings(deps.db, userId)).read_receipts) return;
    const sending = await findSendingConnection(deps.db, deps.secrets, userId);
    if (!sending) return;
    try {
      await deps.graph.markRead(sending.token, sending.connection.phone_number_id, wamid);
    } catch (error) {
      if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, sending.connection.id);
      throw error;
    }
  } catch (error) {
    deps.log.warn({ err: error, userId, wamid }, 'inbox: read receipt failed');
  }
}
