/**
 * Threadline's service worker: it shows the Web Push notifications the server sends (a hand-over, a new
 * customer) and opens their conversation when tapped. It has no fetch handler and uses no cache: every
 * request, the API's above all, goes to the network as if it were not here, and nothing a member reads
 * (customers' messages, names, numbers) is ever stored by it.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The server's JSON ({kind, title, body, url, tag}); a push we cannot read still says something. */
function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return {};
  }
}

/** A path of this site ('/messages?c=…'), never another's ('https://…', or '//host/…' which leaves it too). */
function onThisSite(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  const url = onThisSite(message.url) ? message.url : '/messages';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Threadline', {
      body: message.body || '',
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

/** Focuses an open Threadline window and takes it to the conversation, else opens one there. */
async function openConversation(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    // A window this worker does not control yet cannot be navigated by it: then open the conversation anew.
    return (focused || open).navigate(target).catch(() => self.clients.openWindow(target));
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  event.waitUntil(openConversation(typeof url === 'string' ? url : '/messages'));
});
