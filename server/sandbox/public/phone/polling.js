/** The thread is polled every POLL_MS while the page is seen; reading it marks the business's messages read. */
import { selectedNumber } from './business.js';
import { apiHeaders, customerWaId } from './customer.js';
import { API, POLL_MS, readJson, showStatus, state } from './page.js';

/** What draws the thread: set once by main.js (the thread's modules send, and sending polls: no import back). */
let render = function () {};

export function renderThreadWith(draw) {
  render = draw;
}

export function schedulePoll(delay) {
  if (state.pollTimer) window.clearTimeout(state.pollTimer);
  state.pollTimer = window.setTimeout(poll, delay);
}

function poll() {
  state.pollTimer = null;
  // Showing the thread marks the business's messages read: only while the customer can see it.
  if (document.hidden) {
    schedulePoll(POLL_MS);
    return;
  }
  const number = selectedNumber();
  const waId = customerWaId();
  const seq = (state.pollSeq += 1);
  if (!number || !waId) {
    render(null);
    schedulePoll(POLL_MS);
    return;
  }
  const query = new URLSearchParams({ phone_number_id: number.phone_number_id, wa_id: waId });
  fetch(API + '/thread?' + query.toString(), { headers: apiHeaders() })
    .then(readJson)
    .then(function (thread) {
      if (seq === state.pollSeq) render(thread);
    })
    .catch(function (error) {
      if (seq === state.pollSeq) showStatus(error.message);
    })
    .then(function () {
      if (seq === state.pollSeq) schedulePoll(POLL_MS);
    });
}
