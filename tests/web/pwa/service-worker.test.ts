/**
 * public/sw.js run in a bare context with a fake `self`: what it listens to, what a push shows, where a tap
 * leads, and that it neither handles fetches nor touches a cache (nothing of the API or a customer is kept).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const SOURCE = fs.readFileSync(path.resolve(__dirname, '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://threadline.example';

type Listener = (event: Record<string, unknown>) => void;

interface FakeWindow {
  url: string;
  focus: jest.Mock;
  navigate: jest.Mock;
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<[string, Record<string, unknown>]> = [];
  const cachesTouched: string[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: jest.fn(),
    registration: {
      showNotification: jest.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push([title, options]);
      }),
    },
    clients: {
      claim: jest.fn(async () => undefined),
      matchAll: jest.fn(async () => windows),
      openWindow: jest.fn(async () => undefined),
    },
  };
  const caches = new Proxy({}, { get: (_target, name) => cachesTouched.push(String(name)) });
  vm.runInNewContext(SOURCE, { self, caches, URL, console });
  /** Fires an event and waits for what it asked the worker to wait for. */
  async function fire(type: string, event: Record<string, unknown>) {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  }
  return { listeners, shown, cachesTouched, self, fire };
}

function pushEvent(data: unknown) {
  return { data: { json: () => data } };
}

const HANDOVER = {
  kind: 'handover',
  title: 'Ada Lovelace needs you',
  body: 'Can I talk to a person?',
  url: '/messages?c=447700900123%40c.us',
  tag: '447700900123@c.us',
};

describe('the service worker', () => {
  it('listens to install, activate, push and notificationclick only: no fetch handler, no cache', async () => {
    const worker = loadWorker();
    expect([...worker.listeners.keys()].sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
    await worker.fire('install', {});
    await worker.fire('activate', {});
    await worker.fire('push', pushEvent(HANDOVER));
    expect(worker.cachesTouched).toEqual([]);
    expect(SOURCE).not.toMatch(/\bcaches\b|importScripts|indexedDB|localStorage/);
  });

  it('shows a push with its title and body, tagged with the conversation, leading to it', async () => {
    const worker = loadWorker();
    await worker.fire('push', pushEvent(HANDOVER));
    expect(worker.shown).toEqual([
      [
        'Ada Lovelace needs you',
        expect.objectContaining({
          body: 'Can I talk to a person?',
          tag: '447700900123@c.us',
          data: { url: '/messages?c=447700900123%40c.us' },
        }),
      ],
    ]);
  });

  it('shows something for a push it cannot read, and never leads off the site', async () => {
    const worker = loadWorker();
    await worker.fire('push', { data: { json: () => JSON.parse('not json') } });
    await worker.fire('push', pushEvent({ ...HANDOVER, url: 'https://evil.example/phish' }));
    await worker.fire('push', pushEvent({ ...HANDOVER, url: '//evil.example/phish' }));
    await worker.fire('push', pushEvent({ ...HANDOVER, url: '/\\evil.example/phish' }));
    expect(worker.shown[0]).toEqual(['Threadline', expect.objectContaining({ data: { url: '/messages' } })]);
    for (const shown of worker.shown.slice(1)) expect(shown[1]).toMatchObject({ data: { url: '/messages' } });
    expect(worker.shown).toHaveLength(4);
  });

  it('on a tap, focuses an open Threadline window and takes it to the conversation', async () => {
    const open: FakeWindow = { url: `${ORIGIN}/dashboard`, focus: jest.fn(), navigate: jest.fn(async () => undefined) };
    open.focus.mockResolvedValue(open);
    const worker = loadWorker([{ url: 'https://other.example/', focus: jest.fn(), navigate: jest.fn() }, open]);
    const close = jest.fn();
    await worker.fire('notificationclick', { notification: { close, data: { url: HANDOVER.url } } });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}${HANDOVER.url}`);
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a tap with no window open, opens one on the conversation', async () => {
    const worker = loadWorker();
    await worker.fire('notificationclick', { notification: { close: jest.fn(), data: { url: HANDOVER.url } } });
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${HANDOVER.url}`);
  });
});

describe('the web app manifest', () => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../public/manifest.webmanifest'), 'utf8'));

  it('installs Threadline standalone on the dashboard, with a maskable icon among its 192 and 512 PNGs', () => {
    expect(manifest).toMatchObject({ name: 'Threadline', start_url: '/dashboard', display: 'standalone' });
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((icon) => icon.purpose.includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const png = fs.readFileSync(path.resolve(__dirname, '../../../public', `.${icon.src}`));
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });
});
