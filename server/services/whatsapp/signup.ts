import crypto from 'node:crypto';
import {
  WHATSAPP_ERRORS,
  type ExchangeTokenBody,
  type ExchangeTokenResponse,
  type MessagingConfig,
  type SaveConnectionBody,
} from '../../../contract';
import type { Executor } from '../../db/client';
import type { Secrets } from '../../secrets';
import { BadRequest, ValidationFailed } from '../../errors';
import { LOGGED_CODE_CHARACTERS } from '../../logging';
import { sha256Hex } from '../digest';
import {
  connectionSecretAad,
  findConnection,
  PHONE_NUMBER_UNKNOWN,
  type ConnectionRow,
  numberTaken,
  numberTakenByAnotherOwner,
  toMessagingConfig,
  upsertConnection,
} from './connections';
import { leaveWaba } from './account';
import type { WhatsAppDeps } from './deps';
import { GraphBadParameter, GraphPinMismatch } from './graph-errors';
import { explainGraphFailure } from './graph-failures';

/**
 * The server half of Embedded Signup (WHATSAPP.md §2): the code becomes a business token, the app
 * subscribes to the WABA and the number is registered, all server side. The SPA receives only an
 * opaque reference, which it hands back to save the connection.
 */

/** How long the SPA may take between the exchange and saving the connection. */
export const EXCHANGE_REFERENCE_SECONDS = 10 * 60;
const REFERENCE_PREFIX = 'wxr_';
const GRAPH_ID = /^[0-9]{1,32}$/;

type PendingRow = {
  id: number;
  user_id: number;
  reference_hash: string;
  waba_id: string;
  /** Null: the business finished Embedded Signup v4 without a number; the WABA is connected alone. */
  phone_number_id: string | null;
  display_phone_number: string | null;
  business_token: string;
  registration_pin: string | null;
};

const PENDING_COLUMNS =
  'id, user_id, reference_hash, waba_id, phone_number_id, display_phone_number, business_token, registration_pin';

function pendingSecretAad(userId: number, referenceHash: string, column: 'business_token' | 'registration_pin') {
  return `whatsapp_pending_exchanges:${userId}:${referenceHash}:${column}`;
}

/** The WABA's id, and the number's when the business finished with one (an absent or empty id: none). */
function validIds(body: { waba_id: string; phone_number_id?: string }) {
  const wabaId = body.waba_id.trim();
  const phoneNumberId = body.phone_number_id?.trim() || null;
  if (!GRAPH_ID.test(wabaId)) throw new ValidationFailed('waba_id must be a numeric id.', 'waba_id');
  if (phoneNumberId !== null && !GRAPH_ID.test(phoneNumberId)) {
    throw new ValidationFailed('phone_number_id must be a numeric id.', 'phone_number_id');
  }
  return { wabaId, phoneNumberId };
}

/**
 * The number's two-step verification PIN: one per owner and number, kept secret by the master key,
 * so that the owner who registered a number can register it again after disconnecting, and anyone
 * else is refused (Graph's PIN mismatch).
 */
export function registrationPin(secrets: Pick<Secrets, 'derive'>, userId: number, phoneNumberId: string): string {
  const digest = secrets.derive(`whatsapp-registration-pin:${userId}:${phoneNumberId}`);
  return (Number.parseInt(digest.slice(0, 12), 16) % 1_000_000).toString().padStart(6, '0');
}

async function graphCall<T>(call: Promise<T>, onBadParameter?: () => Error, onPinMismatch?: () => Error): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (onBadParameter && error instanceof GraphBadParameter) throw onBadParameter();
    if (onPinMismatch && error instanceof GraphPinMismatch) throw onPinMismatch();
    throw explainGraphFailure(error);
  }
}

export async function exchangeToken(
  deps: WhatsAppDeps,
  userId: number,
  body: ExchangeTokenBody,
): Promise<ExchangeTokenResponse> {
  const code = body.code.trim();
  if (code === '') throw new ValidationFailed('code is required.', 'code');
  const { wabaId, phoneNumberId } = validIds(body);
  deps.log.info(
    { userId, code: code.slice(0, LOGGED_CODE_CHARACTERS), wabaId, phoneNumberId },
    'whatsapp: exchanging a signup code',
  );
  // Checked before registering, which would change the other owner's PIN.
  if (phoneNumberId && (await numberTakenByAnotherOwner(deps.db, userId, phoneNumberId))) throw numberTaken();

  const { graph } = deps;
  const codeInvalid = () => new BadRequest(WHATSAPP_ERRORS.codeInvalid, 'code', 'whatsapp_code_invalid');
  const { access_token: token } = await graphCall(graph.exchangeCode(code), codeInvalid);
  // Without a number (Embedded Signup v4) there is nothing to read or register: the WABA is connected alone.
  let displayPhoneNumber: string | null = null;
  let pin: string | null = null;
  if (phoneNumberId) {
    const phone = await graphCall(graph.getPhoneNumber(token, phoneNumberId, ['display_phone_number']));
    displayPhoneNumber = phone.display_phone_number ?? body.phone_number ?? null;
    // Registered before subscribing: a number registered by another owner leaves their WABA alone.
    pin = registrationPin(deps.secrets, userId, phoneNumberId);
    await graphCall(graph.registerPhoneNumber(token, phoneNumberId, pin), undefined, numberTaken);
  }
  await graphCall(graph.subscribeApp(token, wabaId));

  const reference = `${REFERENCE_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const referenceHash = sha256Hex(reference);
  await deps.db.transaction(async (tx) => {
    await tx.query(
      'delete from whatsapp_pending_exchanges where user_id = $1 and (used_at is not null or expires_at < now())',
      [userId],
    );
    await tx.query(
      `insert into whatsapp_pending_exchanges
         (user_id, reference_hash, waba_id, phone_number_id, display_phone_number, business_token,
          registration_pin, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() + $8::integer * interval '1 second')`,
      [
        userId,
        referenceHash,
        wabaId,
        phoneNumberId,
        displayPhoneNumber,
        deps.secrets.encrypt(token, pendingSecretAad(userId, referenceHash, 'business_token')),
        pin === null ? null : deps.secrets.encrypt(pin, pendingSecretAad(userId, referenceHash, 'registration_pin')),
        EXCHANGE_REFERENCE_SECONDS,
      ],
    );
  });
  deps.log.info(
    { userId, wabaId, phoneNumberId },
    'whatsapp: signup exchanged, app subscribed, number registered if any',
  );
  return { business_token: reference };
}

async function usePendingExchange(tx: Executor, userId: number, referenceHash: string) {
  return tx.maybeOne<PendingRow>(
    `update whatsapp_pending_exchanges set used_at = now()
      where user_id = $1 and reference_hash = $2 and used_at is null and expires_at > now()
      returning ${PENDING_COLUMNS}`,
    [userId, referenceHash],
  );
}

/**
 * The connection an exchange already became (the account_update webhook completed it, or the SPA saved
 * twice): saving again answers it instead of failing, so both completions make one connection.
 */
async function connectionOfUsedExchange(tx: Executor, userId: number, referenceHash: string) {
  const used = await tx.maybeOne<{ waba_id: string; phone_number_id: string | null }>(
    `select waba_id, phone_number_id from whatsapp_pending_exchanges
      where user_id = $1 and reference_hash = $2 and used_at is not null`,
    [userId, referenceHash],
  );
  if (!used) return undefined;
  const connection = await findConnection(tx, userId);
  const same = connection?.waba_id === used.waba_id && connection.phone_number_id === used.phone_number_id;
  return same ? connection : undefined;
}

/**
 * Saves what the exchange prepared; the reference works for its owner only. A connection to another
 * WABA replaces the owner's previous one, whose WABA the app then leaves. Saving an exchange that is
 * already a connection answers that connection.
 */
export async function saveConnection(
  deps: WhatsAppDeps,
  userId: number,
  body: SaveConnectionBody,
): Promise<MessagingConfig> {
  const { wabaId, phoneNumberId } = validIds(body);
  const referenceHash = sha256Hex(body.business_token.trim());
  const previous = await findConnection(deps.db, userId);
  const saved = await deps.db.transaction(async (tx) => {
    const pending = await usePendingExchange(tx, userId, referenceHash);
    if (!pending) {
      const connected = await connectionOfUsedExchange(tx, userId, referenceHash);
      if (connected?.waba_id === wabaId && connected.phone_number_id === phoneNumberId) return connected;
      throw new BadRequest(WHATSAPP_ERRORS.setupExpired, 'business_token', 'whatsapp_setup_expired');
    }
    if (pending.waba_id !== wabaId || pending.phone_number_id !== phoneNumberId) {
      throw new BadRequest(WHATSAPP_ERRORS.setupMismatch, undefined, 'whatsapp_setup_mismatch');
    }
    return storeConnection(tx, deps.secrets, pending, body.phone_number);
  });
  if (previous && previous.waba_id !== saved.waba_id) await leaveWaba(deps, previous);
  return toMessagingConfig(saved);
}

/**
 * The account_update webhook's PARTNER_ADDED for a WABA (Meta's "account_update webhook reference",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update).
 * It names no user of ours, so it only completes exchanges that owners started for that WABA (their
 * code exchanged, the app subscribed): each becomes its owner's connection, as if the SPA had saved it.
 * A WABA nobody started a signup for creates nothing. Answers how many connections it made.
 */
export async function completeSignupsOfWaba(deps: WhatsAppDeps, wabaId: string): Promise<number> {
  const open = await deps.db.query<{ user_id: number; reference_hash: string }>(
    `select distinct on (user_id) user_id, reference_hash from whatsapp_pending_exchanges
      where waba_id = $1 and used_at is null and expires_at > now()
      order by user_id, created_at desc`,
    [wabaId],
  );
  let completed = 0;
  for (const { user_id: userId, reference_hash: referenceHash } of open) {
    try {
      const previous = await findConnection(deps.db, userId);
      const saved = await deps.db.transaction(async (tx) => {
        const pending = await usePendingExchange(tx, userId, referenceHash);
        return pending ? storeConnection(tx, deps.secrets, pending, '') : undefined;
      });
      if (!saved) continue;
      completed += 1;
      if (previous && previous.waba_id !== saved.waba_id) await leaveWaba(deps, previous);
      deps.log.info({ userId, wabaId }, 'whatsapp: signup completed by the account_update webhook');
    } catch (error) {
      deps.log.warn({ err: error, userId, wabaId }, 'whatsapp: the account_update webhook could not complete a signup');
    }
  }
  return completed;
}

function storeConnection(
  tx: Executor,
  secrets: WhatsAppDeps['secrets'],
  pending: PendingRow,
  typedPhoneNumber: string,
): Promise<ConnectionRow> {
  const { user_id: userId, reference_hash: referenceHash } = pending;
  const token = secrets.decrypt(pending.business_token, pendingSecretAad(userId, referenceHash, 'business_token'));
  const pin =
    pending.registration_pin === null
      ? null
      : secrets.decrypt(pending.registration_pin, pendingSecretAad(userId, referenceHash, 'registration_pin'));
  const typed = typedPhoneNumber.trim();
  return upsertConnection(tx, userId, {
    waba_id: pending.waba_id,
    phone_number_id: pending.phone_number_id,
    // Graph's own display of the number wins over what the browser sent ('TBD' when it had none).
    phone_number: pending.display_phone_number ?? (typed === '' ? PHONE_NUMBER_UNKNOWN : typed),
    sealedToken: secrets.encrypt(token, connectionSecretAad(userId, 'business_token')),
    sealedPin: pin === null ? null : secrets.encrypt(pin, connectionSecretAad(userId, 'registration_pin')),
  });
}
