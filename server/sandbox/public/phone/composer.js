/** The message box: writing, replying to a message, and posting whatever the phone sends. */
import { selectedNumber, updateTitle } from './business.js';
import { apiHeaders, customerBody } from './customer.js';
import { API, el, readJson, showStatus, state } from './page.js';
import { schedulePoll } from './polling.js';

function outcomeNote(answer) {
  if (answer.webhook === 'not_subscribed') {
    return "Sent, but no app is subscribed to this number's webhooks, so Threadline was not told.";
  }
  if (answer.webhook === 'failed') {
    return 'Sent, but Threadline did not acknowledge the webhook yet; the sandbox keeps retrying.';
  }
  return '';
}

/**
 * Posts what the phone sends; `sent` runs once the sandbox took it (else the text box empties), and
 * `note` (given) says what happened instead of the webhook's outcome.
 */
export function postFromPhone(path, init, sent, note) {
  state.sending = true;
  updateTitle();
  showStatus('');
  fetch(API + path, init)
    .then(readJson)
    .then(function (answer) {
      if (sent) sent();
      else el('message').value = '';
      showStatus(outcomeNote(answer) || (note ? note(answer) : ''));
      state.justSent = true;
      schedulePoll(0);
    })
    .catch(function (error) {
      showStatus(error.message);
    })
    .then(function () {
      state.sending = false;
      updateTitle();
    });
}

/** postFromPhone with `body` as JSON. */
export function postJson(path, body, sent, note) {
  postFromPhone(
    path,
    {
      method: 'POST',
      headers: apiHeaders({ 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    },
    sent,
    note,
  );
}

export function setReplyTo(message) {
  state.replyTo = message;
  el('replying').hidden = !message;
  el('replying-text').textContent = message ? 'Replying to: ' + message.text : '';
  if (message) el('message').focus();
}

export function send(event) {
  event.preventDefault();
  const number = selectedNumber();
  if (!number || state.sending) return;
  const text = el('message').value;
  if (text.trim() === '') {
    showStatus('Type a message first.');
    return;
  }
  const body = customerBody(number, { text: text });
  if (state.replyTo) body.context_message_id = state.replyTo.id;
  postJson('/messages', body, function () {
    el('message').value = '';
    setReplyTo(null);
  });
}
