import { jwtVerify, SignJWT } from 'jose';
import type { TokenResponse } from '../../../contract';
import type { SessionIdleLimits } from '../../config';
import type { Executor } from '../../db/client';

/** Who made a request: the owner's id, the session its access token belongs to, and until when that session lasts. */
export interface AuthUser {
  id: number;
  sessionId: string;
  /**
   * When the session ends unless it is used again (its expiry, or its last use plus the idle
   * limit), in epoch milliseconds: an open stream ends then.
   */
  activeUntilMs: number;
}

/** Where a session was started from; kept for the owner's information, never for decisions. */
export interface ClientInfo {
  address: string;
  userAgent?: string;
}

export const SESSION_SECONDS = 12 * 60 * 60;
export const REMEMBERED_SESSION_SECONDS = 30 * 24 * 60 * 60;
/** A session's last use is written at most this often (and at most every tenth of its idle limit). */
export const LAST_USE_GRANULARITY_SECONDS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_AGENT_MAX_LENGTH = 512;

/** A new session row and the access token bound to it (HS256: `sub` user id, `sid` session id). */
export async function startSession(
  db: Executor,
  jwtKey: Uint8Array,
  userId: number,
  remember: boolean,
  client: ClientInfo,
): Promise<TokenResponse> {
  const lifetime = remember ? REMEMBERED_SESSION_SECONDS : SESSION_SECONDS;
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + lifetime) * 1000);
  const session = await db.one<{ id: string }>(
    `insert into sessions (user_id, remember, expires_at, last_address, last_user_agent)
     values ($1, $2, $3::timestamptz, $4, $5) returning id`,
    [userId, remember, expiresAt.toISOString(), client.address, client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH)],
  );
  const accessToken = await new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(jwtKey);
  return { access_token: accessToken, token_type: 'bearer', expires_in: lifetime };
}

/**
 * The owner behind an access token, or undefined when the token is malformed, forged or expired,
 * or its session was revoked, has expired, has gone unused longer than its idle limit or no longer
 * exists (the account was deleted). A live session's last use becomes now, written at most once
 * per LAST_USE_GRANULARITY_SECONDS so that a busy session costs no write per request.
 */
export async function authenticateAccessToken(
  db: Executor,
  jwtKey: Uint8Array,
  idle: SessionIdleLimits,
  accessToken: string,
): Promise<AuthUser | undefined> {
  let claims: { sub?: unknown; sid?: unknown };
  try {
    // A token without an expiry would live for ever if its session row were ever missing a bound.
    ({ payload: claims } = await jwtVerify(accessToken, jwtKey, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid'],
    }));
  } catch {
    return undefined;
  }
  const userId = Number(claims.sub);
  const sessionId = claims.sid;
  if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId)) return undefined;
  const activeUntilMs = await useSession(db, idle, userId, sessionId);
  return activeUntilMs === undefined ? undefined : { id: userId, sessionId, activeUntilMs };
}

/**
 * Uses a live session: its last use becomes now, written at most once per LAST_USE_GRANULARITY_SECONDS
 * (or a tenth of its idle limit) so that a busy session costs no write per request. Answers when it
 * ends unless used again (epoch ms), or undefined when it has ended: revoked, expired, idle too long
 * or gone. A request uses its session, and so does an open live stream (an owner's inbox left open
 * is an owner waiting for customers).
 */
export async function useSession(
  db: Executor,
  idle: SessionIdleLimits,
  userId: number,
  sessionId: string,
): Promise<number | undefined> {
  const active = await db.maybeOne<{ active_until_ms: number }>(
    `with active as (
       select id, expires_at, last_used_at, case when remember then $4::int else $3::int end * interval '1 second' as idle
         from sessions
        where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()
     ), live as (
       select * from active where last_used_at + idle > now()
     ), touched as (
       update sessions s set last_used_at = now() from live
        where s.id = live.id and live.last_used_at <= now() - least($5::int * interval '1 second', live.idle / 10)
       returning s.last_used_at
     )
     select (extract(epoch from least(expires_at, coalesce((select last_used_at from touched), last_used_at) + idle))
             * 1000)::float8 as active_until_ms
       from live`,
    [sessionId, userId, idle.seconds, idle.rememberedSeconds, LAST_USE_GRANULARITY_SECONDS],
  );
  return active?.active_until_ms;
}

/** Whether a session has been revoked or deleted since its token was checked. */
export async function sessionRevoked(db: Executor, sessionId: string): Promise<boolean> {
  const live = await db.maybeOne('select 1 from sessions where id = $1 and revoked_at is null', [sessionId]);
  return !live;
}

export async function revokeSession(db: Executor, userId: number, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null', [
    sessionId,
    userId,
  ]);
}

/** Every session of the owner but the one given (after a password change: other devices sign in again). */
export async function revokeOtherSessions(db: Executor, userId: number, keptSessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [
    userId,
    keptSessionId,
  ]);
}

export async function revokeAllSessions(db: Executor, userId: number): Promise<void> {
  await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}
