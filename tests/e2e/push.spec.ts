import crypto from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import {
  decryptPush,
  LocalPushEndpoint,
  vapidHeader,
  vapidPublicKey,
  type Subscriber,
} from '../fixtures/push-endpoint';
import { newAccount } from './accounts';
import { createActiveAgent, registerVerified } from './agents';
import { BAKERY_AGENT, customerSays, openCustomerPhone, REPLY_PATIENCE } from './exchange';
import { expect, test } from './fixtures';
import { connectThroughSandbox } from './whatsapp';

const CUSTOMER = 'Ada Lovelace';
const ASK_FOR_PERSON = 'Can I talk to a real person? My cake order for Saturday is wrong.';
const NOTIFY_OFF = 'Notify this device when Threadline is closed';
const NOTIFY_ON = 'Notify this device when Threadline is closed: on';

const endpoint = new LocalPushEndpoint();
// No client address of its own here (fixtures.ts): Chromium does not deliver a CDP push to a service
// worker whose page's requests carry extra headers. These few accounts stay well inside the loopback's limits.
test.use({ extraHTTPHeaders: {} });
test.beforeAll(() => endpoint.start());
test.afterAll(() => endpoint.close());

/**
 * Chromium here cannot reach FCM: only `PushManager.prototype.subscribe` is stubbed, to answer a subscription
 * on the test's local endpoint with keys the test made. The permission, the service worker, the API are real.
 */
async function stubPushService(context: BrowserContext, subscriber: Subscriber) {
  await context.grantPermissions(['notifications'], { origin: process.env.E2E_BASE_URL });
  await context.addInitScript((json) => {
    PushManager.prototype.subscribe = async function subscribe() {
      return {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => json,
        getKey: () => null,
        unsubscribe: async () => true,
      } as unknown as PushSubscription;
    };
  }, subscriber.json);
}

async function turnOnThisDevice(page: Page) {
  const notifyMe = page.getByRole('button', { name: 'Notify me' });
  await notifyMe.click();
  await page.getByRole('menuitem', { name: NOTIFY_OFF, exact: true }).click();
  await expect(async () => {
    await page.keyboard.press('Escape');
    await notifyMe.click();
    await expect(page.getByRole('menuitem', { name: NOTIFY_ON, exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
}

/** ES256 over the JWT's first two parts, with the key the header names (RFC 8292), and its audience. */
function verifiedVapidClaims(jwt: string, publicKey: string): Record<string, unknown> {
  const [header, claims, signature] = jwt.split('.');
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: vapidPublicKey(publicKey), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

test('a customer asking for a person rings the owner’s device once Threadline is closed', async ({
  page,
  context,
  request,
}) => {
  const subscriber = endpoint.subscriber();
  await stubPushService(context, subscriber);
  await registerVerified(page, request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  await createActiveAgent(page, BAKERY_AGENT);
  await turnOnThisDevice(page);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL))
    .toMatch(/\/sw\.js$/);

  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });
  await page.close();
  endpoint.received.splice(0);
  await customerSays(phone, ASK_FOR_PERSON);

  await expect.poll(() => endpoint.received.length, REPLY_PATIENCE).toBeGreaterThanOrEqual(2);
  const pushes = endpoint.received.map((push) => ({ push, message: decryptPush(push, subscriber) }));
  const handover = pushes.find(({ message }) => message.kind === 'handover');
  expect(handover?.message).toMatchObject({ title: `${CUSTOMER} needs you`, body: ASK_FOR_PERSON });
  expect(handover?.message.url).toMatch(/^\/messages\?c=\d+%40c\.us$/);
  expect(pushes.find(({ message }) => message.kind === 'new_customer')?.message.title).toBe(
    `New customer: ${CUSTOMER}`,
  );
  const { jwt, publicKey } = vapidHeader(handover!.push);
  expect(verifiedVapidClaims(jwt, publicKey)).toMatchObject({ aud: endpoint.origin });
});

test('the service worker shows a push it receives, tagged with its conversation', async ({
  page,
  context,
  request,
}) => {
  await stubPushService(context, endpoint.subscriber());
  await registerVerified(page, request, newAccount());
  await turnOnThisDevice(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.endsWith('/') && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  const message = {
    kind: 'handover',
    title: 'Grace Hopper needs you',
    body: 'Is my order ready?',
    url: '/messages?c=447700900123%40c.us',
    tag: '447700900123@c.us',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const shown = await registration.getNotifications();
        return shown.map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          url: (notification.data as { url?: string } | null)?.url,
        }));
      }),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url }]);
});

test('the app is installable: its manifest, icons and service worker are served', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string }[];
  };
  expect(body).toMatchObject({ name: 'Threadline', start_url: '/dashboard', display: 'standalone' });
  for (const icon of body.icons) {
    const png = await request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  for (const path of ['/', '/login']) {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/<link rel="?manifest"? href="?\/manifest\.webmanifest"?>/);
    expect(html).toMatch(/<link rel="?apple-touch-icon"? href="?\/icons\/apple-touch-icon\.png"?>/);
  }
});
