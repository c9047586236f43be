import crypto from 'node:crypto';
import type { Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { sameSecret, sha256Hex } from '../../services/digest';
import { graphErrors } from './errors';
import { digitsOf, displayPhoneNumber, graphId } from './ids';

/**
 * What Meta knows about businesses, in the sandbox: WABAs with their numbers, Embedded Signup's
 * one-time codes, the business tokens they turn into, and app subscriptions.
 */

/** Embedded Signup's code works once, for 30 seconds (WHATSAPP.md §1). */
export const SIGNUP_CODE_SECONDS = 30;

/** A finished sandbox signup without a number (Embedded Signup v4 allows it). */
export interface WabaOnlySignup {
  code: string;
  waba_id: string;
  /** The WABA's business portfolio, as the popup's FINISH data and PARTNER_ADDED's `waba_info` name it. */
  business_id: string;
}

/** A finished sandbox signup with its number. */
export interface PendingSignup extends WabaOnlySignup {
  phone_number_id: string;
  /** As Graph displays it, e.g. '+1 555-555-5555'. */
  phone_number: string;
}

export interface SandboxApp {
  id: string;
  name: string;
  secret: string;
}

export interface SignupInput {
  business_name: string;
  /** Absent or empty: finish without a number, as Embedded Signup v4 allows. */
  phone_number?: string;
}

export const BUSINESS_NAME_MAX_LENGTH = 100;
const PHONE_NUMBER_SHAPE = /^\+?[\d\s().-]+$/;

function validSignup(input: SignupInput) {
  const businessName = input.business_name.trim();
  if (businessName === '' || businessName.length > BUSINESS_NAME_MAX_LENGTH) {
    throw new ValidationFailed(`Business name must be 1 to ${BUSINESS_NAME_MAX_LENGTH} characters.`, 'business_name');
  }
  const typed = input.phone_number?.trim() ?? '';
  if (typed === '') return { businessName, digits: null };
  const digits = digitsOf(typed);
  if (!PHONE_NUMBER_SHAPE.test(typed) || digits.length < 8 || digits.length > 15) {
    throw new ValidationFailed('Phone number must have 8 to 15 digits, e.g. +1 555 010 0001.', 'phone_number');
  }
  return { businessName, digits };
}

/**
 * What the sandbox popup does when the owner finishes: a WABA named after the business, with the
 * number on it unless they finished without one, and a one-time code for it. A number the sandbox
 * already knows keeps its WABA and phone_number_id, as a real number does when a second account is
 * given access to it.
 */
export async function createPendingSignup(db: Executor, input: SignupInput): Promise<PendingSignup | WabaOnlySignup> {
  const { businessName, digits } = validSignup(input);
  const code = `sbx_${crypto.randomBytes(24).toString('base64url')}`;
  const known =
    digits === null
      ? undefined
      : await db.maybeOne<{ id: string; waba_id: string }>(
          'select id, waba_id from sandbox_phone_numbers where phone_number = $1 order by created_at limit 1',
          [digits],
        );
  let wabaId = known?.waba_id;
  let phoneNumberId = known?.id;
  if (!wabaId) {
    wabaId = graphId();
    await db.query(
      `insert into sandbox_wabas (id, name, owner_business_id, owner_business_name) values ($1, $2, $3, $2)`,
      [wabaId, businessName, graphId()],
    );
  }
  if (digits !== null && !phoneNumberId) {
    phoneNumberId = graphId();
    await db.query(
      'insert into sandbox_phone_numbers (id, waba_id, phone_number, verified_name) values ($1, $2, $3, $4)',
      [phoneNumberId, wabaId, digits, businessName],
    );
  }
  const { owner_business_id: businessId } = await db.one<{ owner_business_id: string }>(
    'select owner_business_id from sandbox_wabas where id = $1',
    [wabaId],
  );
  await db.query(
    `insert into sandbox_codes (code_hash, waba_id, expires_at)
     values ($1, $2, now() + $3::integer * interval '1 second')`,
    [sha256Hex(code), wabaId, SIGNUP_CODE_SECONDS],
  );
  if (digits === null || !phoneNumberId) return { code, waba_id: wabaId, business_id: businessId };
  return {
    code,
    waba_id: wabaId,
    business_id: businessId,
    phone_number_id: phoneNumberId,
    phone_number: displayPhoneNumber(digits),
  };
}

export interface CodeExchange {
  client_id?: string;
  client_secret?: string;
  code?: string;
}

/** GET /oauth/access_token: the app's credentials and a live code → a new business token (and, for the sandbox, its WABA). */
export async function exchangeCode(db: Executor, app: SandboxApp, query: CodeExchange) {
  for (const name of ['client_id', 'client_secret', 'code'] as const) {
    if (!query[name]) throw graphErrors.badParameter(`Missing ${name} parameter.`);
  }
  if (query.client_id !== app.id) throw graphErrors.unknownApplication();
  if (!sameSecret(query.client_secret ?? '', app.secret)) throw graphErrors.wrongClientSecret();

  const codeHash = sha256Hex(query.code ?? '');
  // One statement uses the code up, so two exchanges of one code cannot both succeed.
  const used = await db.maybeOne<{ waba_id: string }>(
    `update sandbox_codes set used_at = now()
      where code_hash = $1 and used_at is null and expires_at > now() returning waba_id`,
    [codeHash],
  );
  if (!used) {
    const code = await db.maybeOne<{ used: boolean }>(
      'select used_at is not null as used from sandbox_codes where code_hash = $1',
      [codeHash],
    );
    if (!code) throw graphErrors.badParameter('Invalid verification code format.');
    throw graphErrors.badParameter(
      code.used ? 'This authorization code has been used.' : 'This authorization code has expired.',
    );
  }
  const token = `EAAS${crypto.randomBytes(40).toString('base64url')}`;
  await db.query('insert into sandbox_tokens (token_hash, waba_id) values ($1, $2)', [sha256Hex(token), used.waba_id]);
  return { access_token: token, token_type: 'bearer' as const, waba_id: used.waba_id };
}

/** The WABA a business token was issued for; 104 without a token, 190 for an unknown or revoked one. */
export async function wabaOfToken(db: Executor, token: string | undefined): Promise<string> {
  if (!token) throw graphErrors.tokenMissing();
  const row = await db.maybeOne<{ waba_id: string; revoked: boolean }>(
    'select waba_id, revoked_at is not null as revoked from sandbox_tokens where token_hash = $1',
    [sha256Hex(token)],
  );
  if (!row) throw graphErrors.tokenInvalid();
  if (row.revoked) throw graphErrors.tokenRevoked();
  return row.waba_id;
}

/** The caller's WABA by id; anyone else's is "does not exist", as Graph answers. */
export async function accessibleWaba(db: Executor, tokenWabaId: string, wabaId: string): Promise<WabaRow> {
  const waba =
    wabaId === tokenWabaId
      ? await db.maybeOne<WabaRow>('select * from sandbox_wabas where id = $1', [wabaId])
      : undefined;
  if (!waba) throw graphErrors.objectMissing(wabaId);
  return waba;
}

export async function accessiblePhoneNumber(
  db: Executor,
  tokenWabaId: string,
  phoneNumberId: string,
): Promise<PhoneRow> {
  const phone = await db.maybeOne<PhoneRow>('select * from sandbox_phone_numbers where id = $1 and waba_id = $2', [
    phoneNumberId,
    tokenWabaId,
  ]);
  if (!phone) throw graphErrors.objectMissing(phoneNumberId);
  return phone;
}

export type WabaRow = {
  id: string;
  name: string;
  currency: string;
  timezone_id: string;
  owner_business_id: string;
  owner_business_name: string;
};

export type PhoneRow = {
  id: string;
  waba_id: string;
  phone_number: string;
  verified_name: string;
  registration_pin: string | null;
  registered_at: Date | null;
};

export async function subscribedApps(db: Executor, wabaId: string) {
  const rows = await db.query<{ app_id: string; app_name: string }>(
    'select app_id, app_name from sandbox_subscriptions where waba_id = $1 order by created_at',
    [wabaId],
  );
  return {
    data: rows.map((row) => ({
      whatsapp_business_api_data: {
        id: row.app_id,
        name: row.app_name,
        link: `https://www.facebook.com/games/?app_id=${row.app_id}`,
      },
    })),
  };
}

export async function subscribe(db: Executor, wabaId: string, app: Pick<SandboxApp, 'id' | 'name'>) {
  await db.query(
    `insert into sandbox_subscriptions (waba_id, app_id, app_name) values ($1, $2, $3)
     on conflict (waba_id, app_id) do nothing`,
    [wabaId, app.id, app.name],
  );
  return { success: true };
}

export async function unsubscribe(db: Executor, wabaId: string, appId: string) {
  await db.query('delete from sandbox_subscriptions where waba_id = $1 and app_id = $2', [wabaId, appId]);
  return { success: true };
}

const PIN = /^[0-9]{6}$/;

/**
 * POST /{phone_number_id}/register: the PIN becomes the number's two-step verification PIN, and a
 * registered number registers again only with that PIN, as on Meta. This is what keeps a sandbox
 * number its business's: the popup takes any number typed, with no code sent to the phone, so the
 * PIN set by its first connection is the only proof of whose number it is.
 */
export async function register(db: Executor, phone: PhoneRow, body: unknown) {
  const { messaging_product: product, pin } = (body ?? {}) as { messaging_product?: unknown; pin?: unknown };
  if (product !== 'whatsapp') {
    throw graphErrors.badParameter('Invalid parameter', "messaging_product must be 'whatsapp'.");
  }
  if (typeof pin !== 'string' || !PIN.test(pin)) {
    throw graphErrors.badParameter('Invalid parameter', 'pin must be a 6-digit string.');
  }
  if (phone.registration_pin !== null && !sameSecret(phone.registration_pin, pin)) throw graphErrors.pinMismatch();
  await db.query('update sandbox_phone_numbers set registration_pin = $2, registered_at = now() where id = $1', [
    phone.id,
    pin,
  ]);
  return { success: true };
}
