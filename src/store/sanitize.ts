import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

/** What Redux DevTools shows in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * Keys that hold a secret wherever they appear in an action or the state: passwords (`password`,
 * `confirm_password`, `currentPassword`, `newPassword`), tokens (`accessToken`, the `token` of a reset
 * or verification link, `business_token`) and an agent's `api_key`. Matched at the end of the key so
 * that a status such as `passwordChange` or a `token_type` stays readable.
 */
const SECRET_KEY = /(?:password|token|api_?key|secret)$/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** "No token" gives nothing away, and seeing it tells whether someone is signed in. */
const isAbsent = (value: unknown) => value === null || value === undefined || value === '';

/**
 * `value` with every secret replaced by REDACTED, at any depth of plain objects and arrays. The input
 * is never changed, so the app and a replay in DevTools keep the real values; parts without a secret
 * are returned as they are.
 */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redactSecrets(item));
    return items.some((item, index) => item !== value[index]) ? (items as T) : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const shown = SECRET_KEY.test(key) && !isAbsent(field) ? REDACTED : redactSecrets(field);
    if (shown !== field) (copy ??= { ...value })[key] = shown;
  }
  return (copy ?? value) as T;
}

/** Redux DevTools, and any action log exported from it, never see a password, key or token. */
export const DEV_TOOLS_SANITIZERS = {
  actionSanitizer: redactSecrets,
  stateSanitizer: redactSecrets,
} satisfies DevToolsEnhancerOptions;
