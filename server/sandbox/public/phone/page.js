/** What every part of the customer phone shares: the API's base, the page's state and its elements. */

export const API = '/sandbox/phone';
export const POLL_MS = 1500;
export const STORAGE = {
  name: 'threadline.sandboxPhone.name',
  phoneNumber: 'threadline.sandboxPhone.phoneNumber',
  business: 'threadline.sandboxPhone.business',
  token: 'threadline.sandboxPhone.token',
};

export const state = {
  numbers: [],
  replyTo: null,
  pollTimer: null,
  pollSeq: 0,
  rendered: '',
  /** The thread the phone shows (business number and customer), and the business messages shown in it. */
  shownThread: '',
  shownIds: {},
  replayTimer: null,
  lastThread: null,
  sending: false,
  justSent: false,
  token: null,
  /** The business message whose emoji row is open, if any. */
  reactingTo: null,
  /** Whether the customer stopped this business's promotions; null until a thread was read. */
  promotionsStopped: null,
};

export function el(id) {
  return document.getElementById(id);
}

export function remember(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the page works without remembering.
  }
}

export function recall(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function showStatus(text) {
  const status = el('phone-status');
  status.textContent = text || '';
  status.hidden = !text;
}

export function readJson(response) {
  return response
    .json()
    .catch(function () {
      return null;
    })
    .then(function (body) {
      if (!response.ok) {
        throw new Error((body && (body.detail || body.message)) || 'The sandbox answered ' + response.status + '.');
      }
      return body;
    });
}
