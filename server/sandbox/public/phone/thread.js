/** The conversation as the phone shows it, with "typing…" before a business message that was typed. */
import { bubble } from './bubble.js';
import { el, state } from './page.js';
import { showDayPasses } from './day.js';
import { showPromotions } from './promotions.js';

/**
 * How long "typing…" shows before a business message that was typed: the phone polls, so a reply
 * that came right after its typing indicator would otherwise appear without it, as no real phone
 * would show it.
 */
const TYPING_REPLAY_MS = 1200;

/**
 * The business messages typed before they came that this thread has not shown yet: they wait behind
 * "typing…" for TYPING_REPLAY_MS. A thread seen for the first time shows what it holds at once.
 */
function heldBack(thread) {
  const which = thread.business.phone_number_id + '|' + thread.wa_id;
  if (state.shownThread !== which) {
    state.shownThread = which;
    state.shownIds = {};
    thread.messages.forEach(function (message) {
      state.shownIds[message.id] = true;
    });
  }
  return thread.messages.filter(function (message) {
    return message.from === 'business' && message.typed && !state.shownIds[message.id];
  });
}

/** Shows the `held` messages once "typing…" has had its time, unless a replay is already due. */
function replayLater(held) {
  if (state.replayTimer) return;
  state.replayTimer = window.setTimeout(function () {
    state.replayTimer = null;
    held.forEach(function (message) {
      state.shownIds[message.id] = true;
    });
    render(state.lastThread);
  }, TYPING_REPLAY_MS);
}

/** Draws the thread's bubbles, or what to do when there are none, keeping the view at its end. */
function draw(thread) {
  const box = el('thread');
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.textContent = '';
  if (!thread || thread.messages.length === 0) {
    const empty = document.createElement('p');
    empty.className = 'empty';
    empty.textContent = thread ? 'No messages yet. Say hello!' : 'Pick a business number and enter your phone number.';
    box.appendChild(empty);
    return;
  }
  thread.messages.forEach(function (message) {
    box.appendChild(bubble(message));
  });
  if (atBottom || state.justSent) box.scrollTop = box.scrollHeight;
  state.justSent = false;
}

export function render(thread) {
  showPromotions(thread);
  showDayPasses(thread);
  state.lastThread = thread;
  const held = thread ? heldBack(thread) : [];
  if (held.length > 0) {
    replayLater(held);
    thread = Object.assign({}, thread, {
      messages: thread.messages.filter(function (message) {
        return held.indexOf(message) < 0;
      }),
    });
  }
  const key = JSON.stringify(thread ? thread.messages : null);
  el('typing').hidden = !(thread && (thread.typing || held.length > 0));
  if (key === state.rendered) return;
  state.rendered = key;
  draw(thread);
}
