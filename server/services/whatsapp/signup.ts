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
  waba_id: string;
  phone_number_id: string;
  display_phone_number: string | null;
  business_token: string;
  registration_pin: string;
};

function pendingSecretAad(userId: number, referenceHash: string, column: 'business_token' | 'registration_pin') {
  return `whatsapp_pending_exchanges:${userId}:${referenceHash}:${column}`;
}

function validIds(body: { waba_id: string; phone_number_id: string }) {
  for (const field of ['waba_id', 'phone_number_id'] as const) {
    if (!GRAPH_ID.test(body[field].trim())) throw new ValidationFailed(`${field} must be a numeric id.`, field);
  }
  return { wabaId: body.waba_id.trim(), phoneNumberId: body.phone_number_id.trim() };
}

/** Six random digits: the number's two-step verification PIN, kept sealed for re-registration. */
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
  if (await numberTakenByAnotherOwner(deps.db, userId, phoneNumberId)) throw numberTaken();

  const { graph } = deps;
  const codeInvalid = () => new BadRequest(WHATSAPP_ERRORS.codeInvalid, 'code', 'whatsapp_code_invalid');
  const { access_token: token } = await graphCall(graph.exchangeCode(code), codeInvalid);
  const phone = await graphCall(graph.getPhoneNumber(token, phoneNumberId, ['display_phone_number']));
  // Registered before subscribing: a number registered by another owner leaves their WABA alone.
  const pin = registrationPin(deps.secrets, userId, phoneNumberId);
  await graphCall(graph.registerPhoneNumber(token, phoneNumberId, pin), undefined, numberTaken);
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
        phone.display_phone_number ?? body.phone_number ?? null,
        deps.secrets.encrypt(token, pendingSecretAad(userId, referenceHash, 'business_token')),
        deps.secrets.encrypt(pin, pendingSecretAad(userId, referenceHash, 'registration_pin')),
        EXCHANGE_REFERENCE_SECONDS,
      ],
    );
  });
  deps.log.info({ userId, wabaId, phoneNumberId }, 'whatsapp: signup exchanged, app subscribed, number registered');
  return { business_token: reference };
}

async function usePendingExchange(tx: Executor, userId: number, referenceHash: string) {
  return tx.maybeOne<PendingRow>(
    `update whatsapp_pending_exchanges set used_at = now()
      where user_id = $1 and reference_hash = $2 and used_at is null and expires_at > now()
      returning id, waba_id, phone_number_id, display_phone_number, business_token, registration_pin`,
    [userId, referenceHash],
  );
}

/**
 * Saves what the exchange prepared; the reference works once, for its owner only. A connection to
 * another WABA replaces the owner's previous one, whose WABA the app then leaves.
 */
export async function saveConnection(
  deps: WhatsAppDeps,
  userId: number,
  body: SaveConnectionBody,
): Promise<MessagingConfig> {
  const { wabaId, phoneNumberId } = validIds(body);
  const referenceHash = sha256Hex(body.business_token.trim());
  const previous = await findConnection(deps.db, userId);
  const saved = await storeConnection(deps, userId, referenceHash, { wabaId, phoneNumberId, body });
  if (previous && previous.waba_id !== wabaId) await leaveWaba(deps, previous);
  return saved;
}

function storeConnection(
  deps: Pick<WhatsAppDeps, 'db' | 'secrets'>,
  userId: number,
  referenceHash: string,
  { wabaId, phoneNumberId, body }: { wabaId: string; phoneNumberId: string; body: SaveConnectionBody },
): Promise<MessagingConfig> {
  const { secrets } = deps;
  return deps.db.transaction(async (tx) => {
    const pending = await usePendingExchange(tx, userId, referenceHash);
    if (!pending) throw new BadRequest(WHATSAPP_ERRORS.setupExpired, 'business_token', 'whatsapp_setup_expired');
    if (pending.waba_id !== wabaId || pending.phone_number_id !== phoneNumberId) {
      throw new BadRequest(WHATSAPP_ERRORS.setupMismatch, undefined, 'whatsapp_setup_mismatch');
    }
    const token = secrets.decrypt(pending.business_token, pendingSecretAad(userId, referenceHash, 'business_token'));
    const pin = secrets.decrypt(pending.registration_pin, pendingSecretAad(userId, referenceHash, 'registration_pin'));
    const typed = body.phone_number.trim();
    const row = await upsertConnection(tx, userId, {
      waba_id: wabaId,
      phone_number_id: phoneNumberId,
      // Graph's own display of the number wins over what the browser sent ('TBD' when it had none).
      phone_number: pending.display_phone_number ?? (typed === '' ? 'TBD' : typed),
      sealedToken: secrets.encrypt(token, connectionSecretAad(userId, 'business_token')),
      sealedPin: secrets.encrypt(pin, connectionSecretAad(userId, 'registration_pin')),
    });
    return toMessagingConfig(row);
  });
}
