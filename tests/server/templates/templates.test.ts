import { INBOX_ERRORS, TEMPLATE_ERRORS, type Message, type NewTemplate, type Template } from '../../../contract';
import { bearer, registerUser } from '../support/helpers';
import {
  connectedOwner,
  conversationId,
  conversationsOf,
  customerWrites,
  newCustomer,
  type Owner,
} from '../support/inbox-fixtures';
import { envelope, postWebhook, wamid } from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';
import { useTestApp } from '../support/helpers';
import { parseNotification } from '../../../server/services/live/hub';

const REVIEW_MS = 50;
const ctx = useTestApp((db) => buildListeningSandboxApp(db, { sandboxTemplateReviewMs: REVIEW_MS }));

const orderUpdate: NewTemplate = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  body: 'Hello {{1}}, your order {{2}} is ready for pickup today.',
  header: 'Order update',
  buttons: ['Thanks', 'Call me'],
};

function api(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const conversationUrl = (customer: string) => `/messages/conversations/${encodeURIComponent(conversationId(customer))}`;

async function templatesOf(token: string, sync = false): Promise<Template[]> {
  const response = await api('GET', `/templates${sync ? '?sync=true' : ''}`, token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Polls the owner's list until `done` holds (the sandbox's review answers by webhook a moment later). */
async function eventually(token: string, done: (list: Template[]) => boolean): Promise<Template[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const list = await templatesOf(token);
    if (done(list) || Date.now() > deadline) return list;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function approvedTemplate(owner: Owner, template: NewTemplate = orderUpdate): Promise<Template> {
  const created = await api('POST', '/templates', owner.token, template);
  expect(created.statusCode).toBe(201);
  const id = created.json<Template>().id;
  const list = await eventually(owner.token, (templates) =>
    templates.some((t) => t.id === id && t.status !== 'PENDING'),
  );
  const approved = list.find((t) => t.id === id);
  expect(approved).toMatchObject({ id, status: 'APPROVED' });
  return approved!;
}

describe('POST /api/v1/templates', () => {
  it('submits a template, PENDING until the review’s webhook approves it', async () => {
    const owner = await connectedOwner(ctx.app);
    const created = await api('POST', '/templates', owner.token, orderUpdate);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      status: 'PENDING',
      rejected_reason: null,
      body: orderUpdate.body,
      header: 'Order update',
      footer: null,
      buttons: ['Thanks', 'Call me'],
      body_variables: 2,
      header_variables: 0,
      category_change: null,
    });
    const [reviewed] = await eventually(owner.token, (list) => list[0]?.status !== 'PENDING');
    expect(reviewed).toMatchObject({ name: 'order_update', status: 'APPROVED' });
  });

  it('tells the owner’s live stream when the review changes the template', async () => {
    const owner = await connectedOwner(ctx.app);
    const heard: string[] = [];
    const stop = await ctx.db.listen('threadline_events', {
      onPayload: (payload) => heard.push(payload),
      onInterrupted: () => undefined,
    });
    try {
      const created = (await api('POST', '/templates', owner.token, orderUpdate)).json<Template>();
      await eventually(owner.token, (list) => list[0]?.status === 'APPROVED');
      const events = heard.map((payload) => parseNotification(payload)).filter((n) => n?.userId === owner.userId);
      expect(events.flatMap((n) => n?.events ?? [])).toEqual(
        expect.arrayContaining([
          { type: 'template.changed', templateId: created.id, status: 'PENDING' },
          { type: 'template.changed', templateId: created.id, status: 'APPROVED' },
        ]),
      );
    } finally {
      await stop();
    }
  });

  it('is rejected in review with Meta’s reason when the body ends with a variable', async () => {
    const owner = await connectedOwner(ctx.app);
    await api('POST', '/templates', owner.token, { ...orderUpdate, name: 'bare_code', body: 'Your code is {{1}}' });
    const [reviewed] = await eventually(owner.token, (list) => list[0]?.status !== 'PENDING');
    expect(reviewed).toMatchObject({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
  });

  it("sends the owner's sample values as Meta's example, and the footer", async () => {
    const owner = await connectedOwner(ctx.app);
    const created = await api('POST', '/templates', owner.token, {
      ...orderUpdate,
      name: 'with_samples',
      header: 'Hello {{1}}',
      footer: 'Reply STOP to opt out',
      body_examples: ['Ada', 'A-1042'],
      header_examples: ['Ada'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Template>().footer).toBe('Reply STOP to opt out');
    const sent = await ctx.db.one<{ components: { type: string; text?: string; example?: unknown }[] }>(
      "select components from sandbox_templates where name = 'with_samples'",
    );
    expect(sent.components).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'HEADER', example: { header_text: ['Ada'] } }),
        expect.objectContaining({ type: 'BODY', example: { body_text: [['Ada', 'A-1042']] } }),
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
      ]),
    );
  });

  it.each([
    [{ body_examples: ['Ada'] }, 'body_examples', TEMPLATE_ERRORS.examplesCount],
    [{ body_examples: ['Ada', ' '] }, 'body_examples', TEMPLATE_ERRORS.exampleRequired(2)],
    [{ header: 'Hi {{1}}', header_examples: [] }, 'header_examples', TEMPLATE_ERRORS.examplesCount],
    [{ footer: 'Code {{1}}' }, 'footer', TEMPLATE_ERRORS.footerVariables],
    [{ footer: 'x'.repeat(61) }, 'footer', TEMPLATE_ERRORS.footerTooLong],
  ])('refuses the samples or footer %p with 422 naming %s', async (change, field, detail) => {
    const owner = await connectedOwner(ctx.app);
    const refused = await api('POST', '/templates', owner.token, { ...orderUpdate, ...change });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field, detail });
  });

  it.each([
    [{ name: 'Order Update' }, 'name', TEMPLATE_ERRORS.name],
    [{ language: 'english' }, 'language', TEMPLATE_ERRORS.language],
    [{ category: 'AUTHENTICATION' }, 'category', TEMPLATE_ERRORS.category],
    [{ body: '  ' }, 'body', TEMPLATE_ERRORS.bodyRequired],
    [{ body: 'Hi {{2}} and {{1}} here' }, 'body', TEMPLATE_ERRORS.variablesInOrder],
    [{ header: 'x'.repeat(61) }, 'header', TEMPLATE_ERRORS.headerTooLong],
    [{ buttons: ['a'.repeat(26)] }, 'buttons', TEMPLATE_ERRORS.buttonText],
  ])('refuses %p with 422 naming %s, and submits nothing', async (change, field, detail) => {
    const owner = await connectedOwner(ctx.app);
    const refused = await api('POST', '/templates', owner.token, { ...orderUpdate, ...change });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field, detail });
    expect(await templatesOf(owner.token, true)).toEqual([]);
  });

  it('refuses a second template of the same name and language with 409 on name', async () => {
    const owner = await connectedOwner(ctx.app);
    expect((await api('POST', '/templates', owner.token, orderUpdate)).statusCode).toBe(201);
    const again = await api('POST', '/templates', owner.token, orderUpdate);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'name', detail: TEMPLATE_ERRORS.nameTaken });
  });

  it('needs a connected number', async () => {
    const { token } = await registerUser(ctx.app);
    const refused = await api('POST', '/templates', token, orderUpdate);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: INBOX_ERRORS.notConnected });
  });
});

describe('GET /api/v1/templates', () => {
  it('syncs from WhatsApp: a template made elsewhere appears, one deleted elsewhere goes', async () => {
    const owner = await connectedOwner(ctx.app);
    const created = (await api('POST', '/templates', owner.token, orderUpdate)).json<Template>();
    await ctx.db.query('delete from message_templates where id = $1', [created.id]);
    expect(await templatesOf(owner.token)).toEqual([]);
    const synced = await templatesOf(owner.token, true);
    expect(synced).toEqual([expect.objectContaining({ name: 'order_update', body: orderUpdate.body })]);

    await ctx.db.query(
      'delete from sandbox_templates where name = $1 and waba_id in (select waba_id from whatsapp_connections where user_id = $2)',
      ['order_update', owner.userId],
    );
    expect(await templatesOf(owner.token, true)).toEqual([]);
  });

  it("never lists another owner's templates", async () => {
    const owner = await connectedOwner(ctx.app);
    await api('POST', '/templates', owner.token, orderUpdate);
    const stranger = await connectedOwner(ctx.app);
    expect(await templatesOf(stranger.token, true)).toEqual([]);
    expect(await templatesOf(owner.token)).toHaveLength(1);
  });
});

describe('DELETE /api/v1/templates/{id}', () => {
  it('deletes on WhatsApp and here', async () => {
    const owner = await connectedOwner(ctx.app);
    const created = (await api('POST', '/templates', owner.token, orderUpdate)).json<Template>();
    expect((await api('DELETE', `/templates/${created.id}`, owner.token)).statusCode).toBe(204);
    expect(await templatesOf(owner.token, true)).toEqual([]);
  });

  it("answers 404 for another owner's template and leaves it", async () => {
    const owner = await connectedOwner(ctx.app);
    const created = (await api('POST', '/templates', owner.token, orderUpdate)).json<Template>();
    const stranger = await connectedOwner(ctx.app);
    expect((await api('DELETE', `/templates/${created.id}`, stranger.token)).statusCode).toBe(404);
    expect(await templatesOf(owner.token, true)).toHaveLength(1);
  });
});

describe('POST /api/v1/messages/conversations/{id}/template', () => {
  it('sends an approved template outside the 24-hour window, stored as the owner’s message', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { name: 'Sheena Nelson' });
    const template = await approvedTemplate(owner);
    await ctx.db.query(
      `update conversations set last_inbound_at = now() - interval '25 hours' where user_id = $1 and wa_id = $2`,
      [owner.userId, customer],
    );
    const sent = await api('POST', `${conversationUrl(customer)}/template`, owner.token, {
      template_id: template.id,
      body_values: ['Sheena', 'A-1042'],
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<Message>()).toMatchObject({
      body: '*Order update*\nHello Sheena, your order A-1042 is ready for pickup today.\n[Thanks]\n[Call me]',
      is_from_us: true,
      sender: 'human',
      status: 'pending',
    });
    const [listed] = await conversationsOf(ctx.app, owner.token);
    expect(listed.last_message).toContain('Hello Sheena, your order A-1042');
  });

  it('refuses missing values with 422 on body_values, and a template not yet approved with 409', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const pending = (await api('POST', '/templates', owner.token, orderUpdate)).json<Template>();
    const early = await api('POST', `${conversationUrl(customer)}/template`, owner.token, {
      template_id: pending.id,
      body_values: ['Sheena', 'A-1042'],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ field: 'template_id', detail: TEMPLATE_ERRORS.notApproved });

    await eventually(owner.token, (list) => list[0]?.status === 'APPROVED');
    const short = await api('POST', `${conversationUrl(customer)}/template`, owner.token, {
      template_id: pending.id,
      body_values: ['Sheena', ' '],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ field: 'body_values', detail: TEMPLATE_ERRORS.values(2) });
  });

  it('explains that an authentication template needs a phone number, for a username customer', async () => {
    const owner = await connectedOwner(ctx.app);
    const bsuid = 'US.13491208655302741918';
    const written = await postWebhook(
      ctx.app,
      envelope(owner.phoneNumberId, {
        contacts: [{ profile: { username: '@realsheenanelson' }, user_id: bsuid }],
        messages: [
          { from_user_id: bsuid, id: wamid(), timestamp: '1749416383', type: 'text', text: { body: 'Code?' } },
        ],
      }),
    );
    expect(written.statusCode).toBe(200);
    const template = await approvedTemplate(owner);
    await ctx.db.query(`update message_templates set category = 'AUTHENTICATION' where id = $1`, [template.id]);

    const refused = await api('POST', `${conversationUrl(bsuid)}/template`, owner.token, {
      template_id: template.id,
      body_values: ['Sheena', 'A-1042'],
    });

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'template_id', detail: TEMPLATE_ERRORS.needsPhoneNumber });
    const sent = await ctx.db.query(`select 1 from messages where user_id = $1 and direction = 'outbound'`, [
      owner.userId,
    ]);
    expect(sent).toEqual([]);
  });

  it('refuses a marketing template to a customer who stopped marketing messages, with the reason; a utility one goes', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const utility = await approvedTemplate(owner);
    const marketing = await approvedTemplate(owner, { ...orderUpdate, name: 'summer_sale', category: 'MARKETING' });
    const stop = envelope(
      owner.phoneNumberId,
      {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: customer }],
        user_preferences: [
          {
            wa_id: customer,
            detail: 'User requested to stop marketing messages',
            category: 'marketing_messages',
            value: 'stop',
            timestamp: Math.floor(Date.now() / 1000),
          },
        ],
      },
      'user_preferences',
    );
    expect((await postWebhook(ctx.app, stop)).statusCode).toBe(200);
    const body = { body_values: ['Sheena', 'A-1042'] };

    const refused = await api('POST', `${conversationUrl(customer)}/template`, owner.token, {
      ...body,
      template_id: marketing.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'customer_stopped_marketing',
      field: 'template_id',
      detail: TEMPLATE_ERRORS.marketingStopped,
    });
    const outbound = `select body from messages where user_id = $1 and direction = 'outbound'`;
    expect(await ctx.db.query(outbound, [owner.userId])).toEqual([]);

    const sent = await api('POST', `${conversationUrl(customer)}/template`, owner.token, {
      ...body,
      template_id: utility.id,
    });
    expect(sent.statusCode).toBe(201);
    expect(await ctx.db.query(outbound, [owner.userId])).toHaveLength(1);
  });

  it("answers 404 for another owner's conversation or template", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const template = await approvedTemplate(owner);
    const stranger = await connectedOwner(ctx.app);
    const theirCustomer = newCustomer();
    await customerWrites(ctx.app, ctx.db, stranger, theirCustomer);
    const body = { template_id: template.id, body_values: ['a', 'b'] };
    expect((await api('POST', `${conversationUrl(customer)}/template`, stranger.token, body)).statusCode).toBe(404);
    expect((await api('POST', `${conversationUrl(theirCustomer)}/template`, stranger.token, body)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/v1/whatsapp/webhook: template_category_update', () => {
  /** Meta's example of a completed change (the "template_category_update webhook reference"), for this WABA. */
  function recategorised(wabaId: string, value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: 1746082800, changes: [{ field: 'template_category_update', value }] }],
    };
  }

  async function wabaOf(owner: { userId: number }): Promise<string> {
    const row = await ctx.db.one<{ waba_id: string }>('select waba_id from whatsapp_connections where user_id = $1', [
      owner.userId,
    ]);
    return row.waba_id;
  }

  it('changes the category and notes the change on the template, once however often it arrives', async () => {
    const owner = await connectedOwner(ctx.app);
    const template = await approvedTemplate(owner);
    const { graph_id: graphId } = await ctx.db.one<{ graph_id: string }>(
      'select graph_id from message_templates where id = $1',
      [template.id],
    );
    const delivery = recategorised(await wabaOf(owner), {
      message_template_id: Number(graphId),
      message_template_name: template.name,
      message_template_language: 'en-US',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });

    expect((await postWebhook(ctx.app, delivery)).statusCode).toBe(200);
    expect((await postWebhook(ctx.app, delivery)).statusCode).toBe(200);

    const [changed] = await templatesOf(owner.token);
    expect(changed).toMatchObject({
      id: template.id,
      category: 'MARKETING',
      category_change: { from: 'UTILITY', at: new Date(1746082800 * 1000).toISOString() },
    });
  });

  it('finds the template by name and language when the id is unknown, and leaves an impending change for later', async () => {
    const owner = await connectedOwner(ctx.app);
    const template = await approvedTemplate(owner);
    const wabaId = await wabaOf(owner);
    const impending = recategorised(wabaId, {
      message_template_id: 1,
      message_template_name: template.name,
      message_template_language: 'en_US',
      correct_category: 'MARKETING',
      new_category: 'UTILITY',
      category_update_timestamp: 1746169200,
    });
    expect((await postWebhook(ctx.app, impending)).statusCode).toBe(200);
    expect((await templatesOf(owner.token))[0]).toMatchObject({ category: 'UTILITY', category_change: null });

    const completed = recategorised(wabaId, {
      message_template_id: 1,
      message_template_name: template.name,
      message_template_language: 'en_US',
      previous_category: 'UTILITY',
      new_category: 'MARKETING',
    });
    expect((await postWebhook(ctx.app, completed)).statusCode).toBe(200);
    expect((await templatesOf(owner.token))[0]).toMatchObject({ category: 'MARKETING' });
  });

  it("changes no other owner's template, and tells the owner's live stream", async () => {
    const owner = await connectedOwner(ctx.app);
    const stranger = await connectedOwner(ctx.app);
    const template = await approvedTemplate(owner);
    const theirs = await approvedTemplate(stranger);
    const heard: string[] = [];
    const stop = await ctx.db.listen('threadline_events', {
      onPayload: (payload) => heard.push(payload),
      onInterrupted: () => undefined,
    });
    try {
      const delivery = recategorised(await wabaOf(owner), {
        message_template_name: template.name,
        message_template_language: template.language,
        previous_category: 'UTILITY',
        new_category: 'MARKETING',
      });
      expect((await postWebhook(ctx.app, delivery)).statusCode).toBe(200);

      expect((await templatesOf(stranger.token))[0]).toMatchObject({ id: theirs.id, category: 'UTILITY' });
      const changed = { type: 'template.changed', templateId: template.id, status: 'APPROVED' };
      const heardOf = () =>
        heard
          .map((payload) => parseNotification(payload))
          .filter((n) => n?.userId === owner.userId)
          .flatMap((n) => n?.events ?? []);
      // PostgreSQL delivers notifications to a listener a moment after the commit: at most a few turns. The
      // review was told before the listener started; what it hears is the new category.
      const told = () => heardOf().some((event) => JSON.stringify(event) === JSON.stringify(changed));
      for (let turn = 0; turn < 100 && !told(); turn++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heardOf()).toContainEqual(changed);
    } finally {
      await stop();
    }
  });
});
