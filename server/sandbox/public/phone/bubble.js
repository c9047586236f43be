/** One message of the thread as a bubble: what it quotes, its media and text, its time and ticks, its emoji. */
import { selectedName } from './business.js';
import { setReplyTo } from './composer.js';
import { mediaNode } from './media.js';
import { state } from './page.js';
import { reactButton, reactionPicker, reactionsNode } from './reactions.js';

const TICKS = { sent: '✓', delivered: '✓✓', read: '✓✓' };
const TICK_LABELS = { sent: 'Sent', delivered: 'Delivered', read: 'Read' };

/** The message a bubble answers: who wrote it and its text. */
function quoteNode(context) {
  const quote = document.createElement('span');
  quote.className = 'quote';
  quote.setAttribute('data-testid', 'quoted');
  const author = document.createElement('span');
  author.className = 'quote-author';
  author.textContent = context.from === 'business' ? selectedName() : context.from ? 'You' : '';
  const quotedText = document.createElement('span');
  quotedText.textContent = context.text === null ? 'A message that is not here' : context.text;
  quote.appendChild(author);
  quote.appendChild(quotedText);
  return quote;
}

/** When a message was sent and, for the customer's own, its ticks. */
function metaNode(message) {
  const meta = document.createElement('span');
  meta.className = 'meta';
  meta.textContent = new Date(message.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (message.status) {
    const ticks = document.createElement('span');
    ticks.className = 'ticks ' + message.status;
    ticks.textContent = TICKS[message.status];
    ticks.setAttribute('aria-label', TICK_LABELS[message.status]);
    ticks.setAttribute('title', TICK_LABELS[message.status]);
    meta.appendChild(ticks);
  }
  return meta;
}

/** A business message can be reacted to and replied to. */
function addBusinessActions(item, message) {
  item.appendChild(reactButton(message));
  if (state.reactingTo === message.id) item.appendChild(reactionPicker(message));
  item.title = 'Reply to this message';
  item.addEventListener('click', function () {
    setReplyTo({ id: message.id, text: message.text });
  });
}

export function bubble(message) {
  const item = document.createElement('div');
  item.className = 'bubble ' + message.from;
  item.setAttribute('data-testid', 'message');
  item.setAttribute('data-from', message.from);
  if (message.context) item.appendChild(quoteNode(message.context));
  if (message.media) item.appendChild(mediaNode(message.media));
  const shown = message.text || (message.media && message.media.caption) || '';
  if (shown) {
    const text = document.createElement('span');
    text.className = 'text';
    text.textContent = shown;
    item.appendChild(text);
  }
  item.appendChild(metaNode(message));
  if (message.reactions.length > 0) item.appendChild(reactionsNode(message.reactions));
  if (message.from === 'business') addBusinessActions(item, message);
  return item;
}
