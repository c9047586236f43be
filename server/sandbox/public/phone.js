/**
 * The sandbox's customer phone (GET /sandbox/phone): text a sandbox business number the way a
 * customer texts a WhatsApp number, and watch the business's replies arrive. Sending stores the
 * message in the sandbox and delivers a signed webhook to Threadline, as Meta would; the thread is
 * polled every 1.5 s. Plain script, no inline code (the CSP allows none).
 */
(function () {
  'use strict';

  var API = '/sandbox/phone';
  var POLL_MS = 1500;
  var STORAGE = {
    name: 'threadline.sandboxPhone.name',
    phoneNumber: 'threadline.sandboxPhone.phoneNumber',
    business: 'threadline.sandboxPhone.business',
    token: 'threadline.sandboxPhone.token',
  };
  /** The header that proves this browser owns its pretend customer number (see customers.ts). */
  var TOKEN_HEADER = 'x-sandbox-customer-token';
  var TICKS = { sent: '✓', delivered: '✓✓', read: '✓✓' };
  var TICK_LABELS = { sent: 'Sent', delivered: 'Delivered', read: 'Read' };
  /**
   * How long "typing…" shows before a business message that was typed: the phone polls, so a reply
   * that came right after its typing indicator would otherwise appear without it, as no real phone
   * would show it.
   */
  var TYPING_REPLAY_MS = 1200;
  /** WhatsApp's quick reactions; picking the one already set takes it back. */
  var QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

  var state = {
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

  function el(id) {
    return document.getElementById(id);
  }

  function remember(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Private mode or storage full: the page works without remembering.
    }
  }

  function recall(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function randomDigits(count) {
    var digits = '';
    var bytes = new Uint8Array(count);
    crypto.getRandomValues(bytes);
    for (var i = 0; i < count; i += 1) digits += String(bytes[i] % 10);
    return digits;
  }

  /**
   * This browser's secret: the first browser to use a customer number owns it, and nobody without
   * the token can read that customer's thread or write as that customer.
   */
  function customerToken() {
    if (state.token) return state.token;
    var token = recall(STORAGE.token);
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      var bytes = new Uint8Array(32);
      crypto.getRandomValues(bytes);
      token = btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      remember(STORAGE.token, token);
    }
    state.token = token;
    return token;
  }

  function apiHeaders(extra) {
    var headers = { accept: 'application/json' };
    headers[TOKEN_HEADER] = customerToken();
    return Object.assign(headers, extra || {});
  }

  /** A made-up North American number, e.g. '+1 555 123 4567'. */
  function randomPhoneNumber() {
    var digits = randomDigits(7);
    return '+1 555 ' + digits.slice(0, 3) + ' ' + digits.slice(3);
  }

  function digitsOf(value) {
    return value.replace(/\D/g, '');
  }

  function customerWaId() {
    var digits = digitsOf(el('customer-phone').value);
    return digits.length >= 8 && digits.length <= 15 ? digits : null;
  }

  function selectedNumber() {
    var id = el('business-number').value;
    for (var i = 0; i < state.numbers.length; i += 1) {
      if (state.numbers[i].phone_number_id === id) return state.numbers[i];
    }
    return null;
  }

  function showStatus(text) {
    var status = el('phone-status');
    status.textContent = text || '';
    status.hidden = !text;
  }

  function readJson(response) {
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

  function updateTitle() {
    var number = selectedNumber();
    el('business-title').textContent = number
      ? number.verified_name + ' · ' + number.display_phone_number
      : 'Pick a business number to text';
    el('send').disabled = !number || state.sending;
    el('attach').disabled = !number || state.sending;
    el('share-location').disabled = !number || state.sending;
    el('send-location').disabled = !number || state.sending;
  }

  function loadNumbers() {
    return fetch(API + '/numbers', { headers: { accept: 'application/json' } })
      .then(readJson)
      .then(function (numbers) {
        state.numbers = numbers;
        var select = el('business-number');
        select.textContent = '';
        numbers.forEach(function (number) {
          var option = document.createElement('option');
          option.value = number.phone_number_id;
          option.textContent = number.verified_name + ' (' + number.display_phone_number + ')';
          select.appendChild(option);
        });
        el('no-numbers').hidden = numbers.length > 0;
        select.disabled = numbers.length === 0;
        if (numbers.length === 0) {
          var none = document.createElement('option');
          none.value = '';
          none.textContent = 'No business number yet';
          select.appendChild(none);
        }
        var wanted = new URLSearchParams(window.location.search).get('phone_number_id') || recall(STORAGE.business);
        if (
          wanted &&
          numbers.some(function (number) {
            return number.phone_number_id === wanted;
          })
        ) {
          select.value = wanted;
        }
        updateTitle();
      })
      .catch(function (error) {
        showStatus(error.message);
      });
  }

  /** A file of the thread as an object URL, fetched once with this browser's token. */
  function mediaUrl(mediaId) {
    if (!state.mediaUrls) state.mediaUrls = {};
    if (!state.mediaUrls[mediaId]) {
      var number = selectedNumber();
      var query = new URLSearchParams({
        phone_number_id: number ? number.phone_number_id : '',
        wa_id: customerWaId() || '',
        media_id: mediaId,
      });
      state.mediaUrls[mediaId] = fetch(API + '/media?' + query.toString(), { headers: apiHeaders() })
        .then(function (response) {
          if (!response.ok) throw new Error('The file could not be loaded.');
          return response.blob();
        })
        .then(function (blob) {
          return URL.createObjectURL(blob);
        });
    }
    return state.mediaUrls[mediaId];
  }

  /** A photo, sticker, audio, video, file or place in a bubble. */
  function mediaNode(media) {
    var box = document.createElement('span');
    box.className = 'media';
    box.setAttribute('data-testid', 'media');
    if (media.kind === 'location' && media.location) {
      var place = media.location;
      var label = document.createElement('span');
      label.textContent = '📍 ' + [place.name, place.address].filter(Boolean).join(', ');
      var link = document.createElement('a');
      link.href = 'https://www.openstreetmap.org/?mlat=' + place.latitude + '&mlon=' + place.longitude;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.textContent = 'Open in map';
      box.appendChild(label);
      box.appendChild(document.createElement('br'));
      box.appendChild(link);
      return box;
    }
    if (!media.media_id) return box;
    var node;
    if (media.kind === 'image' || media.kind === 'sticker') {
      node = document.createElement('img');
      node.alt = media.caption || (media.kind === 'sticker' ? 'Sticker' : 'Photo');
      node.style.maxWidth = media.kind === 'sticker' ? '96px' : '220px';
    } else if (media.kind === 'audio' || media.kind === 'video') {
      node = document.createElement(media.kind);
      node.controls = true;
      node.style.maxWidth = '220px';
    } else {
      node = document.createElement('a');
      node.textContent = '📄 ' + (media.filename || 'Document');
      node.download = media.filename || 'document';
    }
    mediaUrl(media.media_id).then(
      function (url) {
        if (node.tagName === 'A') node.href = url;
        else node.src = url;
      },
      function () {
        box.textContent = 'The file could not be loaded.';
      },
    );
    box.appendChild(node);
    return box;
  }

  /**
   * WhatsApp records voice notes as Ogg Opus, and Meta's webhook flags them `voice: true`; other
   * audio (an MP3, an M4A) is a file the customer shared.
   */
  function isVoiceNote(file) {
    var type = (file.type || '').split(';')[0].trim().toLowerCase();
    return type === 'audio/ogg' || type === 'audio/opus' || /\.(ogg|opus)$/i.test(file.name || '');
  }

  /** Sends a chosen file (the message box's text as its caption), as a customer would from WhatsApp. */
  function sendFile(file) {
    var number = selectedNumber();
    if (!number || state.sending || !file) return;
    var form = new FormData();
    form.append('phone_number_id', number.phone_number_id);
    form.append('name', el('customer-name').value.trim());
    form.append('phone_number', el('customer-phone').value.trim());
    if (el('customer-username').value.trim()) form.append('username', el('customer-username').value.trim());
    if (el('message').value.trim()) form.append('caption', el('message').value.trim());
    if (isVoiceNote(file)) form.append('voice', 'true');
    form.append('file', file, file.name);
    postFromPhone('/media', { method: 'POST', headers: apiHeaders(), body: form });
  }

  function showLocationForm(shown) {
    el('location-form').hidden = !shown;
    el('share-location').setAttribute('aria-expanded', String(shown));
    if (shown) el('place-name').focus();
  }

  /** The coordinate typed in `id`, or null when it is not a number within `limit` either side of 0. */
  function coordinate(id, limit) {
    var text = el(id).value.trim();
    var value = Number(text);
    return text !== '' && isFinite(value) && Math.abs(value) <= limit ? value : null;
  }

  /** Shares the place typed in the location form: its coordinates, and a name and address if given. */
  function shareLocation(event) {
    event.preventDefault();
    var number = selectedNumber();
    if (!number || state.sending) return;
    var latitude = coordinate('place-latitude', 90);
    var longitude = coordinate('place-longitude', 180);
    if (latitude === null || longitude === null) {
      showStatus('Type a latitude (−90 to 90) and a longitude (−180 to 180), e.g. 52.52 and 13.405.');
      return;
    }
    var body = {
      phone_number_id: number.phone_number_id,
      name: el('customer-name').value.trim(),
      phone_number: el('customer-phone').value.trim(),
      latitude: latitude,
      longitude: longitude,
    };
    if (el('customer-username').value.trim()) body.username = el('customer-username').value.trim();
    if (el('place-name').value.trim()) body.place_name = el('place-name').value.trim();
    if (el('place-address').value.trim()) body.address = el('place-address').value.trim();
    postFromPhone(
      '/location',
      {
        method: 'POST',
        headers: apiHeaders({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      },
      function () {
        el('location-form').reset();
        showLocationForm(false);
      },
    );
  }

  /**
   * Posts what the phone sends; `sent` runs once the sandbox took it (else the text box empties), and
   * `note` (given) says what happened instead of the webhook's outcome.
   */
  function postFromPhone(path, init, sent, note) {
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

  function bubble(message) {
    var item = document.createElement('div');
    item.className = 'bubble ' + message.from;
    item.setAttribute('data-testid', 'message');
    item.setAttribute('data-from', message.from);
    if (message.context) {
      var quote = document.createElement('span');
      quote.className = 'quote';
      quote.setAttribute('data-testid', 'quoted');
      var author = document.createElement('span');
      author.className = 'quote-author';
      author.textContent = message.context.from === 'business' ? selectedName() : message.context.from ? 'You' : '';
      var quotedText = document.createElement('span');
      quotedText.textContent = message.context.text === null ? 'A message that is not here' : message.context.text;
      quote.appendChild(author);
      quote.appendChild(quotedText);
      item.appendChild(quote);
    }
    if (message.media) item.appendChild(mediaNode(message.media));
    var shown = message.text || (message.media && message.media.caption) || '';
    if (shown) {
      var text = document.createElement('span');
      text.className = 'text';
      text.textContent = shown;
      item.appendChild(text);
    }
    var meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = new Date(message.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    if (message.status) {
      var ticks = document.createElement('span');
      ticks.className = 'ticks ' + message.status;
      ticks.textContent = TICKS[message.status];
      ticks.setAttribute('aria-label', TICK_LABELS[message.status]);
      ticks.setAttribute('title', TICK_LABELS[message.status]);
      meta.appendChild(ticks);
    }
    item.appendChild(meta);
    if (message.reactions.length > 0) item.appendChild(reactionsNode(message.reactions));
    if (message.from === 'business') {
      item.appendChild(reactButton(message));
      if (state.reactingTo === message.id) item.appendChild(reactionPicker(message));
      item.title = 'Reply to this message';
      item.addEventListener('click', function () {
        setReplyTo({ id: message.id, text: message.text });
      });
    }
    return item;
  }

  /** The emoji on a message: the business's and the customer's own ('You'). */
  function reactionsNode(reactions) {
    var row = document.createElement('span');
    row.className = 'reactions';
    row.setAttribute('data-testid', 'reactions');
    reactions.forEach(function (reaction) {
      var chip = document.createElement('span');
      chip.className = 'reaction ' + reaction.from;
      chip.textContent = reaction.emoji;
      chip.title = reaction.from === 'customer' ? 'Your reaction' : selectedName() + '’s reaction';
      chip.setAttribute('data-from', reaction.from);
      row.appendChild(chip);
    });
    return row;
  }

  function ownReaction(message) {
    var own = message.reactions.filter(function (reaction) {
      return reaction.from === 'customer';
    })[0];
    return own ? own.emoji : '';
  }

  function reactButton(message) {
    var button = document.createElement('button');
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

  function reactionPicker(message) {
    var row = document.createElement('span');
    row.className = 'reaction-picker';
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', 'Pick a reaction');
    var own = ownReaction(message);
    QUICK_REACTIONS.forEach(function (emoji) {
      var option = document.createElement('button');
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
    var number = selectedNumber();
    if (!number || state.sending) return;
    var body = {
      phone_number_id: number.phone_number_id,
      name: el('customer-name').value.trim(),
      phone_number: el('customer-phone').value.trim(),
      message_id: message.id,
      emoji: emoji,
    };
    if (el('customer-username').value.trim()) body.username = el('customer-username').value.trim();
    postFromPhone(
      '/reactions',
      {
        method: 'POST',
        headers: apiHeaders({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      },
      function () {
        state.reactingTo = null;
        state.rendered = '';
      },
    );
  }

  function selectedName() {
    var number = selectedNumber();
    return number ? number.verified_name : 'Business';
  }

  /** The chat menu offers what WhatsApp offers: stop the business's promotions, or resume them. */
  function showPromotions(thread) {
    var button = el('promotions');
    state.promotionsStopped = thread ? thread.promotions_stopped : null;
    button.hidden = !thread;
    button.textContent = state.promotionsStopped ? 'Resume promotions' : 'Stop promotions';
  }

  function choosePromotions() {
    var number = selectedNumber();
    if (!number || state.promotionsStopped === null || state.sending) return;
    var body = {
      phone_number_id: number.phone_number_id,
      name: el('customer-name').value.trim(),
      phone_number: el('customer-phone').value.trim(),
      value: state.promotionsStopped ? 'resume' : 'stop',
    };
    if (el('customer-username').value.trim()) body.username = el('customer-username').value.trim();
    postFromPhone(
      '/promotions',
      {
        method: 'POST',
        headers: apiHeaders({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      },
      function () {},
      function (answer) {
        showPromotions({ promotions_stopped: answer.promotions_stopped });
        return answer.promotions_stopped
          ? 'You stopped promotions from this business.'
          : 'You resumed promotions from this business.';
      },
    );
  }

  /**
   * The business messages typed before they came that this thread has not shown yet: they wait behind
   * "typing…" for TYPING_REPLAY_MS. A thread seen for the first time shows what it holds at once.
   */
  function heldBack(thread) {
    var which = thread.business.phone_number_id + '|' + thread.wa_id;
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

  function render(thread) {
    showPromotions(thread);
    state.lastThread = thread;
    var held = thread ? heldBack(thread) : [];
    if (held.length > 0 && !state.replayTimer) {
      state.replayTimer = window.setTimeout(function () {
        state.replayTimer = null;
        held.forEach(function (message) {
          state.shownIds[message.id] = true;
        });
        render(state.lastThread);
      }, TYPING_REPLAY_MS);
    }
    if (held.length > 0) {
      thread = Object.assign({}, thread, {
        messages: thread.messages.filter(function (message) {
          return held.indexOf(message) < 0;
        }),
      });
    }
    var key = JSON.stringify(thread ? thread.messages : null);
    el('typing').hidden = !(thread && (thread.typing || held.length > 0));
    if (key === state.rendered) return;
    state.rendered = key;
    var box = el('thread');
    var atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    box.textContent = '';
    if (!thread || thread.messages.length === 0) {
      var empty = document.createElement('p');
      empty.className = 'empty';
      empty.textContent = thread
        ? 'No messages yet. Say hello!'
        : 'Pick a business number and enter your phone number.';
      box.appendChild(empty);
      return;
    }
    thread.messages.forEach(function (message) {
      box.appendChild(bubble(message));
    });
    if (atBottom || state.justSent) box.scrollTop = box.scrollHeight;
    state.justSent = false;
  }

  function schedulePoll(delay) {
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
    var number = selectedNumber();
    var waId = customerWaId();
    var seq = (state.pollSeq += 1);
    if (!number || !waId) {
      render(null);
      schedulePoll(POLL_MS);
      return;
    }
    var query = new URLSearchParams({ phone_number_id: number.phone_number_id, wa_id: waId });
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

  function setReplyTo(message) {
    state.replyTo = message;
    el('replying').hidden = !message;
    el('replying-text').textContent = message ? 'Replying to: ' + message.text : '';
    if (message) el('message').focus();
  }

  function outcomeNote(answer) {
    if (answer.webhook === 'not_subscribed') {
      return "Sent, but no app is subscribed to this number's webhooks, so Threadline was not told.";
    }
    if (answer.webhook === 'failed') {
      return 'Sent, but Threadline did not acknowledge the webhook yet; the sandbox keeps retrying.';
    }
    return '';
  }

  function send(event) {
    event.preventDefault();
    var number = selectedNumber();
    if (!number || state.sending) return;
    var text = el('message').value;
    if (text.trim() === '') {
      showStatus('Type a message first.');
      return;
    }
    var body = {
      phone_number_id: number.phone_number_id,
      name: el('customer-name').value.trim(),
      phone_number: el('customer-phone').value.trim(),
      text: text,
    };
    if (el('customer-username').value.trim()) body.username = el('customer-username').value.trim();
    if (state.replyTo) body.context_message_id = state.replyTo.id;
    postFromPhone(
      '/messages',
      {
        method: 'POST',
        headers: apiHeaders({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      },
      function () {
        el('message').value = '';
        setReplyTo(null);
      },
    );
  }

  function start() {
    var name = el('customer-name');
    var phone = el('customer-phone');
    name.value = recall(STORAGE.name) || '';
    phone.value = recall(STORAGE.phoneNumber) || randomPhoneNumber();
    remember(STORAGE.phoneNumber, phone.value);
    name.addEventListener('input', function () {
      remember(STORAGE.name, name.value);
    });
    phone.addEventListener('input', function () {
      remember(STORAGE.phoneNumber, phone.value);
      state.rendered = '';
      schedulePoll(300);
    });
    el('business-number').addEventListener('change', function () {
      remember(STORAGE.business, el('business-number').value);
      setReplyTo(null);
      state.rendered = '';
      updateTitle();
      schedulePoll(0);
    });
    document.addEventListener('visibilitychange', function () {
      if (!document.hidden) schedulePoll(0);
    });
    el('composer').addEventListener('submit', send);
    el('promotions').addEventListener('click', choosePromotions);
    el('attach').addEventListener('click', function () {
      el('attach-file').click();
    });
    el('attach-file').addEventListener('change', function (event) {
      var file = event.target.files && event.target.files[0];
      event.target.value = '';
      sendFile(file);
    });
    el('share-location').addEventListener('click', function () {
      showLocationForm(el('location-form').hidden);
    });
    el('location-form').addEventListener('submit', shareLocation);
    el('cancel-location').addEventListener('click', function () {
      showLocationForm(false);
    });
    el('message').addEventListener('keydown', function (event) {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) send(event);
    });
    el('cancel-reply').addEventListener('click', function () {
      setReplyTo(null);
    });
    loadNumbers().then(function () {
      schedulePoll(0);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
