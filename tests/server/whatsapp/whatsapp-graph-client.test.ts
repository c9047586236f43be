import net from 'node:net';
import type { App } from '../../../server/app';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import { recordInboundMessage } from '../../../server/sandbox/graph/messages';
import { GraphClient } from '../../../server/services/whatsapp/graph-client';
import {
  GraphBadParameter,
  GraphError,
  GraphObjectMissing,
  GraphOutsideWindow,
  GraphTokenInvalid,
  GraphUnavailable,
} from '../../../server/services/whatsapp/graph-errors';
import { recordingGraph, type Exchange } from '../support/graph-recorder';
import { openTestDb, type TestDb } from '../support/helpers';
import { MetaOpenApi, shapeOf } from '../support/meta-openapi';
import { buildListeningSandboxApp, startSignup, TEST_APP_SECRET } from '../support/whatsapp-helpers';

let testDb: TestDb;
let app: App;
let meta: MetaOpenApi;
let graph: GraphClient;
let last: () => Exchange;

beforeAll(async () => {
  meta = MetaOpenApi.load();
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db);
  ({ graph, last } = recordingGraph(app));
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

/** A fresh signed-up business and its token, straight from the simulator. */
async function business() {
  const signup = await startSignup(app);
  const { access_token: token } = await graph.exchangeCode(signup.code);
  return { ...signup, token };
}

describe('GraphClient against the sandbox simulator', () => {
  it('reaches the simulator over loopback HTTP with the configured version', async () => {
    await business();
    expect(last().url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(last().url.pathname).toBe('/sandbox/graph/v23.0/oauth/access_token');
  });

  it('exchanges a signup code with the app credentials and no bearer', async () => {
    const signup = await startSignup(app);
    const result = await graph.exchangeCode(signup.code);
    expect(result).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer' });
    const { url, authorization, method } = last();
    expect(method).toBe('GET');
    expect(authorization).toBeUndefined();
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: app.whatsapp.settings.appId,
      client_secret: TEST_APP_SECRET,
      code: signup.code,
    });
  });

  it('subscribes, lists and unsubscribes the app in the shapes of Meta’s examples', async () => {
    const { token, waba_id: wabaId } = await business();
    const path = '/{Version}/{WABA-ID}/subscribed_apps';

    expect(await graph.subscribedApps(token, wabaId)).toEqual({ data: [] });
    expect(last().responseBody).toEqual(meta.example(path, 'get', '200', 'no_subscriptions'));

    expect(await graph.subscribeApp(token, wabaId)).toEqual({ success: true });
    expect(last()).toMatchObject({ method: 'POST', authorization: `Bearer ${token}`, requestBody: undefined });
    expect(meta.errors('SubscriptionResponse', last().responseBody)).toEqual([]);
    expect(last().responseBody).toEqual(meta.example(path, 'post', '200', 'basic_subscription_success'));

    const listed = await graph.subscribedApps(token, wabaId);
    expect(meta.errors('SubscribedAppsResponse', last().responseBody)).toEqual([]);
    expect(shapeOf(last().responseBody)).toEqual(shapeOf(meta.example(path, 'get', '200', 'multiple_subscriptions')));
    expect(listed.data).toEqual([
      {
        whatsapp_business_api_data: {
          id: app.whatsapp.settings.appId,
          name: app.whatsapp.settings.appName,
          link: `https://www.facebook.com/games/?app_id=${app.whatsapp.settings.appId}`,
        },
      },
    ]);

    expect(await graph.unsubscribeApp(token, wabaId)).toEqual({ success: true });
    expect(last().method).toBe('DELETE');
    expect(last().responseBody).toEqual(meta.example(path, 'delete', '200', 'unsubscribe_success'));
    expect(await graph.subscribedApps(token, wabaId)).toEqual({ data: [] });
  });

  it('registers the number with a body Meta’s schema accepts', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const path = '/{Version}/{Phone-Number-ID}/register';
    expect(await graph.registerPhoneNumber(token, phoneNumberId, '043721')).toEqual({ success: true });
    expect(last().url.pathname).toBe(`/sandbox/graph/v23.0/${phoneNumberId}/register`);
    expect(meta.errors('WhatsAppBusinessPhoneNumberRegistrationRequest', last().requestBody)).toEqual([]);
    expect(shapeOf(last().requestBody)).toEqual(shapeOf(meta.example(path, 'post', 'request', 'basic_registration')));
    expect(meta.errors('WhatsAppBusinessPhoneNumberRegistrationResponse', last().responseBody)).toEqual([]);
    expect(last().responseBody).toEqual(meta.example(path, 'post', '200', 'successful_registration'));
  });

  it('reads the phone number with Graph’s default fields and with fields asked for', async () => {
    const { token, phone_number_id: phoneNumberId, phone_number: phoneNumber } = await business();
    const path = '/{Version}/{Phone-Number-ID}';
    const phone = await graph.getPhoneNumber(token, phoneNumberId);
    expect(phone).toEqual({
      id: phoneNumberId,
      display_phone_number: phoneNumber,
      verified_name: 'Jasper’s Market',
      quality_rating: 'GREEN',
    });
    expect(meta.errors('PhoneNumberInfo', phone)).toEqual([]);
    expect(shapeOf(phone)).toEqual(shapeOf(meta.example(path, 'get', '200', 'default_response')));

    const detailed = await graph.getPhoneNumber(token, phoneNumberId, [
      'display_phone_number',
      'verified_name',
      'quality_rating',
      'name_status',
      'code_verification_status',
    ]);
    expect(last().url.searchParams.get('fields')).toBe(
      'display_phone_number,verified_name,quality_rating,name_status,code_verification_status',
    );
    expect(meta.errors('PhoneNumberInfo', detailed)).toEqual([]);
    expect(shapeOf(detailed)).toEqual(shapeOf(meta.example(path, 'get', '200', 'comprehensive_response')));
  });

  it('reads the WABA’s name, currency and owner business', async () => {
    const { token, waba_id: wabaId } = await business();
    const waba = await graph.getBusinessAccount(token, wabaId);
    expect(last().url.searchParams.get('fields')).toBe('name,currency,owner_business_info');
    expect(waba).toEqual({
      id: wabaId,
      name: 'Jasper’s Market',
      currency: 'USD',
      owner_business_info: { id: expect.stringMatching(/^\d+$/), name: 'Jasper’s Market' },
    });
    expect(meta.errors('WhatsAppBusinessAccount', waba)).toEqual([]);
  });

  describe('POST /{phone_number_id}/messages', () => {
    const path = '/{Version}/{Phone-Number-ID}/messages';

    async function customerWrote() {
      const found = await business();
      await graph.registerPhoneNumber(found.token, found.phone_number_id, '111111');
      const inbound = await recordInboundMessage(testDb.db, {
        phoneNumberId: found.phone_number_id,
        from: '+1 650 555 1234',
        text: 'Does it come in another color?',
      });
      return { ...found, inbound };
    }

    it('sends a text reply quoting the customer’s message, as Meta documents it', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const sent = await graph.sendText(token, phoneNumberId, {
        to: '+16505551234',
        body: 'Yes, in blue and green.',
        replyTo: inbound.wamid,
      });
      const { requestBody, responseBody } = last();
      expect(requestBody).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '+16505551234',
        type: 'text',
        text: { body: 'Yes, in blue and green.', preview_url: false },
        context: { message_id: inbound.wamid },
      });
      expect(meta.errors('TextMessageMerged', requestBody)).toEqual([]);
      expect(shapeOf(requestBody)).toEqual(
        shapeOf(meta.example(path, 'post', 'request', 'Send Reply to Text Message')),
      );
      expect(sent).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: '+16505551234', wa_id: '16505551234' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      });
      expect(meta.errors('MessageResponsePayload', responseBody)).toEqual([]);
      expect(shapeOf(responseBody)).toEqual(shapeOf(meta.example(path, 'post', '200', 'Send Reply to Text Message')));
    });

    it('sends a plain text without context', async () => {
      const { token, phone_number_id: phoneNumberId } = await customerWrote();
      await graph.sendText(token, phoneNumberId, { to: '16505551234', body: 'Hello' });
      expect(meta.errors('TextMessageMerged', last().requestBody)).toEqual([]);
      expect(shapeOf(last().requestBody)).toEqual(shapeOf(meta.example(path, 'post', 'request', 'Send Text Message')));
    });

    it('sends to a customer known only by BSUID as recipient, the rest as Meta documents it', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const bsuid = bsuidOf('16505551234');
      const sent = await graph.sendText(token, phoneNumberId, { to: bsuid, body: 'Yes.', replyTo: inbound.wamid });
      const { requestBody } = last();
      // `recipient` is not in v23.0's OpenAPI file: Meta's "Business-scoped user IDs" page (updated
      // 2026-11-05) names it, in place of `to`. The rest of the body is checked against the file.
      const { recipient, ...rest } = requestBody as Record<string, unknown>;
      expect(recipient).toBe(bsuid);
      expect(rest).not.toHaveProperty('to');
      expect(meta.errors('TextMessageMerged', { ...rest, to: '16505551234' })).toEqual([]);
      expect(sent).toEqual({
        messaging_product: 'whatsapp',
        contacts: [{ input: bsuid, user_id: bsuid }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      });
    });

    it('reacts to the customer’s message and takes the reaction back, as Meta documents it', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const sent = await graph.sendReaction(token, phoneNumberId, {
        to: '16505551234',
        messageId: inbound.wamid,
        emoji: '👍',
      });
      const { requestBody, responseBody } = last();
      expect(requestBody).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '16505551234',
        type: 'reaction',
        reaction: { message_id: inbound.wamid, emoji: '👍' },
      });
      expect(meta.errors('ReactionMessageMerged', requestBody)).toEqual([]);
      expect(shapeOf(requestBody)).toEqual(
        shapeOf(meta.example(path, 'post', 'request', 'Send Reply with Reaction Message')),
      );
      expect(sent.messages).toEqual([{ id: expect.stringMatching(/^wamid\./) }]);
      expect(meta.errors('MessageResponsePayload', responseBody)).toEqual([]);
      expect(shapeOf(responseBody)).toEqual(
        shapeOf(meta.example(path, 'post', '200', 'Send Reply with Reaction Message')),
      );
      const stored = () =>
        testDb.db.one<{ business_reaction: string | null }>(
          'select business_reaction from sandbox_messages where wamid = $1',
          [inbound.wamid],
        );
      expect(await stored()).toEqual({ business_reaction: '👍' });

      await graph.sendReaction(token, phoneNumberId, { to: '16505551234', messageId: inbound.wamid, emoji: '' });
      expect(meta.errors('ReactionMessageMerged', last().requestBody)).toEqual([]);
      expect(await stored()).toEqual({ business_reaction: null });
    });

    it('reacts for a customer known only by BSUID through recipient', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const bsuid = bsuidOf('16505551234');
      await graph.sendReaction(token, phoneNumberId, { to: bsuid, messageId: inbound.wamid, emoji: '🙏' });
      // `recipient`: Meta's "Business-scoped user IDs" page (updated 2026-11-05); not in v23.0's file.
      const { recipient, ...rest } = last().requestBody as Record<string, unknown>;
      expect(recipient).toBe(bsuid);
      expect(meta.errors('ReactionMessageMerged', { ...rest, to: '16505551234' })).toEqual([]);
      expect(last().responseBody).toMatchObject({ contacts: [{ input: bsuid, user_id: bsuid }] });
    });

    it('is refused a reaction to a message not in the customer’s thread, or that is not an emoji', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const elsewhere = graph.sendReaction(token, phoneNumberId, {
        to: '16505559999',
        messageId: inbound.wamid,
        emoji: '👍',
      });
      await expect(elsewhere).rejects.toBeInstanceOf(GraphOutsideWindow);
      const unknown = graph.sendReaction(token, phoneNumberId, {
        to: '16505551234',
        messageId: 'wamid.not-in-this-thread',
        emoji: '👍',
      });
      await expect(unknown).rejects.toBeInstanceOf(GraphBadParameter);
      await expect(unknown).rejects.toMatchObject({ details: expect.stringMatching(/not in this customer's thread/) });
      const words = graph.sendReaction(token, phoneNumberId, {
        to: '16505551234',
        messageId: inbound.wamid,
        emoji: 'ok',
      });
      await expect(words).rejects.toMatchObject({ details: expect.stringMatching(/reaction\.emoji/) });
      expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
    });

    it('marks a message read, with and without the typing indicator', async () => {
      const { token, phone_number_id: phoneNumberId, inbound } = await customerWrote();
      const typingExample = meta.example(path, 'post', 'request', 'Send typing indicator and read receipt') as Record<
        string,
        unknown
      >;
      const { typing_indicator: _typing, ...readExample } = typingExample;

      expect(await graph.markReadAndType(token, phoneNumberId, inbound.wamid)).toEqual({ success: true });
      expect(shapeOf(last().requestBody)).toEqual(shapeOf(typingExample));
      expect(last().responseBody).toEqual(meta.example(path, 'post', '200', 'Send typing indicator and read receipt'));

      expect(await graph.markRead(token, phoneNumberId, inbound.wamid)).toEqual({ success: true });
      expect(last().requestBody).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: inbound.wamid });
      expect(shapeOf(last().requestBody)).toEqual(shapeOf(readExample));
    });
  });

  describe('errors', () => {
    it('maps 190 to GraphTokenInvalid, in Meta’s error object', async () => {
      const { waba_id: wabaId } = await business();
      const failure = graph.getBusinessAccount('EAAnot-a-token', wabaId);
      await expect(failure).rejects.toBeInstanceOf(GraphTokenInvalid);
      await expect(failure).rejects.toMatchObject({ code: 190, httpStatus: 401 });
      expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
      expect(last().responseBody).toEqual({
        error: {
          message: expect.stringMatching(/^\(#190\) /),
          type: 'OAuthException',
          code: 190,
          fbtrace_id: expect.any(String),
        },
      });
    });

    it('maps 131047 to GraphOutsideWindow when the customer never wrote', async () => {
      const { token, phone_number_id: phoneNumberId } = await business();
      await graph.registerPhoneNumber(token, phoneNumberId, '222222');
      const failure = graph.sendText(token, phoneNumberId, { to: '+16505550000', body: 'Hi' });
      await expect(failure).rejects.toBeInstanceOf(GraphOutsideWindow);
      await expect(failure).rejects.toMatchObject({ code: 131047, details: expect.stringMatching(/24 hours/) });
      expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
    });

    it('maps 100 to GraphBadParameter (a used code) and 100/33 to GraphObjectMissing', async () => {
      const signup = await startSignup(app);
      const { access_token: token } = await graph.exchangeCode(signup.code);
      await expect(graph.exchangeCode(signup.code)).rejects.toBeInstanceOf(GraphBadParameter);
      expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
      await expect(graph.getBusinessAccount(token, '123456789012345')).rejects.toBeInstanceOf(GraphObjectMissing);
      await expect(graph.registerPhoneNumber(token, signup.phone_number_id, '12')).rejects.toMatchObject({
        code: 100,
        constructor: GraphBadParameter,
      });
    });

    it('keeps any other code with its message', async () => {
      const signup = await startSignup(app);
      const wrongSecret = new GraphClient({ ...clientOptions(), appSecret: 'not-the-secret' });
      const failure = wrongSecret.exchangeCode(signup.code);
      await expect(failure).rejects.toBeInstanceOf(GraphError);
      await expect(failure).rejects.toMatchObject({ code: 1, message: '(#1) Error validating client secret.' });
    });

    it('turns a Graph that does not answer in time into GraphUnavailable (timeout)', async () => {
      const silent = net.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as net.AddressInfo;
      try {
        const slow = new GraphClient({ ...clientOptions(), baseUrl: () => `http://127.0.0.1:${port}`, timeoutMs: 200 });
        const started = Date.now();
        const failure = slow.subscribedApps('EAAx', '1');
        await expect(failure).rejects.toBeInstanceOf(GraphUnavailable);
        await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        silent.close();
      }
    });

    it('turns a refused connection into GraphUnavailable (network)', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as net.AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const unreachable = new GraphClient({ ...clientOptions(), baseUrl: () => `http://127.0.0.1:${port}` });
      await expect(unreachable.subscribedApps('EAAx', '1')).rejects.toMatchObject({
        name: 'GraphUnavailable',
        reason: 'network',
      });
    });
  });
});

function clientOptions() {
  const { settings } = app.whatsapp;
  return {
    baseUrl: settings.graphBaseUrl,
    version: settings.graphVersion,
    timeoutMs: 5_000,
    appId: settings.appId,
    appSecret: settings.appSecret,
  };
}
