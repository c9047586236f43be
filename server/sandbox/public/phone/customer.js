/** The pretend customer: their number, the token that proves this browser owns it, and what they send as. */
import { STORAGE, el, recall, remember, state } from './page.js';

/** The header that proves this browser owns its pretend customer number (see customers.ts). */
const TOKEN_HEADER = 'x-sandbox-customer-token';

function randomDigits(count) {
  let digits = '';
  const bytes = new Uint8Array(count);
  crypto.getRandomValues(bytes);
  for (let i = 0; i < count; i += 1) digits += String(bytes[i] % 10);
  return digits;
}

/**
 * This browser's secret: the first browser to use a customer number owns it, and nobody without
 * the token can read that customer's thread or write as that customer.
 */
function customerToken() {
  if (state.token) return state.token;
  let token = recall(STORAGE.token);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    token = btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    remember(STORAGE.token, token);
  }
  state.token = token;
  return token;
}

export function apiHeaders(extra) {
  const headers = { accept: 'application/json' };
  headers[TOKEN_HEADER] = customerToken();
  return Object.assign(headers, extra || {});
}

/** A made-up North American number, e.g. '+1 555 123 4567'. */
export function randomPhoneNumber() {
  const digits = randomDigits(7);
  return '+1 555 ' + digits.slice(0, 3) + ' ' + digits.slice(3);
}

function digitsOf(value) {
  return value.replace(/\D/g, '');
}

export function customerWaId() {
  const digits = digitsOf(el('customer-phone').value);
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** What the phone sends as this customer to `number`: `fields`, with the username when one is typed. */
export function customerBody(number, fields) {
  const body = Object.assign(
    {
      phone_number_id: number.phone_number_id,
      name: el('customer-name').value.trim(),
      phone_number: el('customer-phone').value.trim(),
    },
    fields,
  );
  if (el('customer-username').value.trim()) body.username = el('customer-username').value.trim();
  return body;
}
