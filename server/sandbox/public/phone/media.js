/** Photos, stickers, audio, videos, files and places: shown in a bubble, and sent from the phone. */
import { selectedNumber } from './business.js';
import { postFromPhone } from './composer.js';
import { apiHeaders, customerBody, customerWaId } from './customer.js';
import { API, el, state } from './page.js';

/** Each file's object URL, by media id, for as long as the page is open. */
const mediaUrls = {};

/** A file of the thread as an object URL, fetched once with this browser's token. */
function mediaUrl(mediaId) {
  if (!mediaUrls[mediaId]) {
    const number = selectedNumber();
    const query = new URLSearchParams({
      phone_number_id: number ? number.phone_number_id : '',
      wa_id: customerWaId() || '',
      media_id: mediaId,
    });
    mediaUrls[mediaId] = fetch(API + '/media?' + query.toString(), { headers: apiHeaders() })
      .then(function (response) {
        if (!response.ok) throw new Error('The file could not be loaded.');
        return response.blob();
      })
      .then(function (blob) {
        return URL.createObjectURL(blob);
      });
  }
  return mediaUrls[mediaId];
}

/** A shared place: its name and address, and a link to the map. */
function fillPlace(box, place) {
  const label = document.createElement('span');
  label.textContent = '📍 ' + [place.name, place.address].filter(Boolean).join(', ');
  const link = document.createElement('a');
  link.href = 'https://www.openstreetmap.org/?mlat=' + place.latitude + '&mlon=' + place.longitude;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = 'Open in map';
  box.appendChild(label);
  box.appendChild(document.createElement('br'));
  box.appendChild(link);
}

/** The element that shows a file of `media`'s kind, before its URL is known. */
function fileElement(media) {
  let node;
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
  return node;
}

/** A photo, sticker, audio, video, file or place in a bubble. */
export function mediaNode(media) {
  const box = document.createElement('span');
  box.className = 'media';
  box.setAttribute('data-testid', 'media');
  if (media.kind === 'location' && media.location) {
    fillPlace(box, media.location);
    return box;
  }
  if (!media.media_id) return box;
  const node = fileElement(media);
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
  const type = (file.type || '').split(';')[0].trim().toLowerCase();
  return type === 'audio/ogg' || type === 'audio/opus' || /\.(ogg|opus)$/i.test(file.name || '');
}

/** Sends a chosen file (the message box's text as its caption), as a customer would from WhatsApp. */
export function sendFile(file) {
  const number = selectedNumber();
  if (!number || state.sending || !file) return;
  const form = new FormData();
  Object.entries(customerBody(number, {})).forEach(function (entry) {
    form.append(entry[0], entry[1]);
  });
  if (el('message').value.trim()) form.append('caption', el('message').value.trim());
  if (isVoiceNote(file)) form.append('voice', 'true');
  form.append('file', file, file.name);
  postFromPhone('/media', { method: 'POST', headers: apiHeaders(), body: form });
}
