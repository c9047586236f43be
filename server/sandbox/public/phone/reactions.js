/** Emoji on messages: those shown on a bubble, and the customer's own, picked from WhatsApp's quick row. */
import { selectedName, selectedNumber } from './business.js';
import { postJson } from './composer.js';
import { customerBody } from './customer.js';
import { state } from './page.js';
import { schedulePoll } from './polling.js';

/** WhatsApp's quick reactions; picking the one already set takes it back. */
const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

/** The emoji on a message: the business's and the customer's own ('You'). */
export function reactionsNode(reactions) {
  const row = document.createElement('span');
  row.className = 'reactions';
  row.setAttribute('data-testid', 'reactions');
  reactions.forEach(function (reaction) {
    const chip = document.createElement('span');
    chip.className = 'reaction ' + reaction.from;
    chip.textContent = reaction.emoji;
    chip.title = reaction.from === 'customer' ? 'Your reaction' : selectedName() + '’s reaction';
    chip.setAttribute('data-from', reaction.from);
    row.appendChild(chip);
  });
  return row;
}

function ownReaction(message) {
  const own = message.reactions.filter(function (reaction) {
    return reaction.from === 'customer';
  })[0];
  return own ? own.emoji : '';
}

export function reactButton(message) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'react';
  button.textContent = '☺';
  button.setAttribute('aria-label', 'Add a reaction');
  button.title = 'React';
  button.addEventListener('click', function (event) {
    event.stopPropagation();
    state.reactingTo = state.reactingTo === message.id ? null : message.id;
    state.rendered = '';
    schedulePoll(0);
  });
  return button;
}

export function reactionPicker(message) {
  const row = document.createElement('span');
  row.className = 'reaction-picker';
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', 'Pick a reaction');
  const own = ownReaction(message);
  QUICK_REACTIONS.forEach(function (emoji) {
    const option = document.createElement('button');
    option.type = 'button';
    option.textContent = emoji;
    option.setAttribute('aria-pressed', String(emoji === own));
    option.title = emoji === own ? 'Take your reaction back' : 'React with ' + emoji;
    option.addEventListener('click', function (event) {
      event.stopPropagation();
      react(message, emoji === own ? '' : emoji);
    });
    row.appendChild(option);
  });
  return row;
}

function react(message, emoji) {
  const number = selectedNumber();
  if (!number || state.sending) return;
  postJson('/reactions', customerBody(number, { message_id: message.id, emoji: emoji }), function () {
    state.reactingTo = null;
    state.rendered = '';
  });
}
