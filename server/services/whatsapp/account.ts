import {
  WHATSAPP_ERRORS,
  WHATSAPP_MESSAGES,
  type BusinessProfile,
  type DisconnectResponse,
  type HealthResponse,
  type MessagingConfig,
  type SubscriptionInfo,
  type WhatsAppStatus,
} from '../../../contract';
import type { Executor } from '../../db/client';
import { Unauthorized } from '../../errors';
import {
  connectionSecretAad,
  deleteConnection,
  findConnection,
  markNeedsReconnection,
  openBusinessToken,
  requireConnection,
  toMessagingConfig,
  wabaUsedByAnotherOwner,
  type ConnectionRow,
} from './connections';
import type { WhatsAppDeps } from './deps';
import { GraphTokenInvalid } from './graph-errors';
import { explainGraphFailure } from './graph-failures';

/** What the /whatsapp page shows about the owner's connection, read live from Graph where it lives there. */

export async function connectionStatus(db: Executor, userId: number): Promise<Pick<WhatsAppStatus, 'isConnected'>> {
  return { isConnected: (await findConnection(db, userId)) !== undefined };
}

/** GET /health: liveness, and for a signed-in caller whether their number is connected. */
export async function health(db: Executor, userId: number | undefined): Promise<HealthResponse> {
  return { connected: userId === undefined ? false : (await connectionStatus(db, userId)).isConnected };
}

export async function messagingConfig(db: Executor, userId: number): Promise<MessagingConfig> {
  return toMessagingConfig(await requireConnection(db, userId));
}

/** Runs a Graph call with the owner's token; a refused token marks the connection for reconnection. */
async function withBusinessToken<T>(
  deps: WhatsAppDeps,
  connection: ConnectionRow,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await openBusinessToken(deps.db, deps.secrets, connection);
  if (token === undefined) throw new Unauthorized(WHATSAPP_ERRORS.tokenExpired, 'whatsapp_token_invalid');
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, connection.id);
    throw explainGraphFailure(error);
  }
}

export async function businessProfile(deps: WhatsAppDeps, userId: number): Promise<BusinessProfile> {
  const connection = await requireConnection(deps.db, userId);
  const waba = await withBusinessToken(deps, connection, (token) =>
    deps.graph.getBusinessAccount(token, connection.waba_id),
  );
  return {
    name: waba.name ?? '',
    currency: waba.currency ?? null,
    owner_business_id: waba.owner_business_info?.id ?? null,
    owner_business_name: waba.owner_business_info?.name ?? null,
  };
}

export async function subscriptionInfo(deps: WhatsAppDeps, userId: number): Promise<SubscriptionInfo> {
  const connection = await requireConnection(deps.db, userId);
  const result = await withBusinessToken(deps, connection, (token) =>
    deps.graph.subscribedApps(token, connection.waba_id),
  );
  const apps = result.data.map((item) => item.whatsapp_business_api_data).filter((app) => app !== undefined);
  const isSubscribed = apps.some((app) => app.id === deps.settings.appId);
  return {
    is_subscribed: isSubscribed,
    subscription_status: isSubscribed ? 'active' : 'inactive',
    last_checked: new Date().toISOString(),
    // Meta's examples carry no category; the contract keeps it optional.
    subscribed_apps: apps.map((app) => ({ id: app.id, name: app.name, link: app.link ?? null })),
  };
}

/**
 * Unsubscribes the app from a WABA the owner leaves, with the token they had for it: best effort (a
 * dead token must not stop anyone leaving), and not while another owner's number of the same WABA
 * needs its webhooks. The row may already hold the owner's next connection, so a refused token marks
 * nothing.
 */
export async function leaveWaba(deps: WhatsAppDeps, left: ConnectionRow): Promise<void> {
  try {
    if (await wabaUsedByAnotherOwner(deps.db, left.user_id, left.waba_id)) return;
    const token = deps.secrets.decrypt(left.business_token, connectionSecretAad(left.user_id, 'business_token'));
    await deps.graph.unsubscribeApp(token, left.waba_id);
  } catch (error) {
    deps.log.warn({ err: error, userId: left.user_id, wabaId: left.waba_id }, 'whatsapp: unsubscribe failed');
  }
}

/** Leaves the WABA, then forgets the connection and its token. Conversations and messages stay. */
export async function disconnect(deps: WhatsAppDeps, userId: number): Promise<DisconnectResponse> {
  const connection = await requireConnection(deps.db, userId);
  await leaveWaba(deps, connection);
  await deps.db.transaction((tx) => deleteConnection(tx, userId));
  deps.log.info({ userId, wabaId: connection.waba_id }, 'whatsapp: disconnected');
  return { success: true, message: WHATSAPP_MESSAGES.disconnected };
}
