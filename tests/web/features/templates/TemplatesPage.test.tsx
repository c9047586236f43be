import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATE_ERRORS, templateRejection, type Template } from '../../../../contract';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { formatDate } from '../../../../src/components/dates';
import { TEMPLATE_NOTICES } from '../../../../src/features/templates/TemplatesPage';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const approved: Template = {
  id: 1,
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  rejected_reason: null,
  body: 'Hello {{1}}, your order {{2}} is ready.',
  header: 'Order update',
  buttons: ['Thanks'],
  body_variables: 2,
  header_variables: 0,
};
const rejected: Template = {
  ...approved,
  id: 2,
  name: 'bare_code',
  status: 'REJECTED',
  rejected_reason: 'INVALID_FORMAT',
  body: 'Your code is {{1}}',
  header: null,
  buttons: [],
  body_variables: 1,
};

function openTemplates(routes: Record<string, ApiRoute> = {}) {
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    'GET /templates?sync=true': () => json([rejected, approved]),
    'GET /events': pending,
    ...routes,
  });
  renderApp('/templates', signedInState());
  return fetchMock;
}

const card = async (name: string) => within(await screen.findByRole('listitem', { name }));

afterEach(() => jest.restoreAllMocks());

describe('/templates', () => {
  it('names itself in the document title', async () => {
    openTemplates();
    await waitFor(() => expect(document.title).toBe('Templates · Threadline'));
  });

  it('has one h1 and lists each template with its status in words', async () => {
    openTemplates();
    expect((await card('order_update')).getByText('Approved')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument();
    expect((await card('bare_code')).getByText('Rejected')).toBeInTheDocument();
    expect((await card('order_update')).getByText('English (US) · utility')).toBeInTheDocument();
  });

  it('says in plain words why WhatsApp rejected a template and what to change', async () => {
    openTemplates();
    const bareCode = await card('bare_code');
    const rejection = templateRejection('INVALID_FORMAT');
    expect(bareCode.getByText(`Rejected by WhatsApp: ${rejection.problem}`)).toBeInTheDocument();
    expect(bareCode.getByText(`What to change: ${rejection.change}`, { exact: false })).toBeInTheDocument();
    expect(bareCode.getByText("Meta's reason code: INVALID_FORMAT")).toBeInTheDocument();
    expect(bareCode.queryByText(/^Rejected by WhatsApp: INVALID_FORMAT/)).not.toBeInTheDocument();
  });

  it('explains a rejection code it does not know, naming it', async () => {
    openTemplates({ 'GET /templates?sync=true': () => json([{ ...rejected, rejected_reason: 'BRAND_NEW_RULE' }]) });
    expect(
      (await card('bare_code')).getByText(
        'Rejected by WhatsApp: WhatsApp rejected the template (reason: BRAND_NEW_RULE).',
      ),
    ).toBeInTheDocument();
  });

  it("notes Meta's change of a template's category, with its date", async () => {
    const at = '2026-11-20T12:00:00.000Z';
    openTemplates({
      'GET /templates?sync=true': () =>
        json([{ ...approved, category: 'MARKETING', category_change: { from: 'UTILITY', at } }, rejected]),
    });
    expect(
      (await card('order_update')).getByText(TEMPLATE_NOTICES.recategorised('UTILITY', 'MARKETING', at)),
    ).toBeInTheDocument();
    expect(TEMPLATE_NOTICES.recategorised('UTILITY', 'MARKETING', at)).toContain(formatDate(at));
    expect((await card('bare_code')).queryByText(/Meta changed/)).not.toBeInTheDocument();
  });

  /** Replaces a field's text at once, as pasting does (typing it key by key re-validates the form each time). */
  async function fill(field: HTMLElement, text: string) {
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(text);
  }

  it('checks the form before sending and shows the field the API blamed', async () => {
    let sent: unknown;
    openTemplates({
      'POST /templates': (init) => {
        sent = JSON.parse(String(init?.body));
        return apiError(409, TEMPLATE_ERRORS.nameTaken, 'template_name_taken', 'name');
      },
    });
    await card('order_update');
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = within(screen.getByRole('form', { name: 'New template' }));
    await fill(form.getByRole('textbox', { name: /^Name/ }), 'Order Update');
    await fill(form.getByRole('textbox', { name: /^Message/ }), 'Hi {{2}}');
    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    expect(await form.findByText(TEMPLATE_ERRORS.name)).toBeInTheDocument();
    expect(form.getByText(TEMPLATE_ERRORS.variablesInOrder)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await fill(form.getByRole('textbox', { name: /^Name/ }), 'order_update');
    await fill(form.getByRole('textbox', { name: /^Message/ }), 'Hello {{1}}, thanks.');
    await fill(form.getByRole('textbox', { name: /^Sample for \{\{1\}\}/ }), 'Ada');
    await userEvent.type(form.getByRole('textbox', { name: /^Quick-reply/ }), 'Thanks{Enter}Call me');
    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    expect(await form.findByText(TEMPLATE_ERRORS.nameTaken)).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      body: 'Hello {{1}}, thanks.',
      header: null,
      footer: null,
      buttons: ['Thanks', 'Call me'],
      body_examples: ['Ada'],
    });
  });

  it('previews the template with the sample values, asks a sample for each variable, and picks a language by name', async () => {
    let sent: unknown;
    openTemplates({
      'POST /templates': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ ...approved, id: 3, status: 'PENDING' }, 201);
      },
    });
    await card('order_update');
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = within(screen.getByRole('form', { name: 'New template' }));
    const preview = within(form.getByRole('figure', { name: 'Preview' }));
    await fill(form.getByRole('textbox', { name: /^Name/ }), 'order_ready');
    await fill(form.getByRole('textbox', { name: /^Header/ }), 'Hi {{1}}');
    await fill(form.getByRole('textbox', { name: /^Message/ }), 'Your order {{1}} is ready, {{2}}.');
    await fill(form.getByRole('textbox', { name: /^Footer/ }), 'Reply STOP to opt out');
    await userEvent.type(form.getByRole('textbox', { name: /^Quick-reply/ }), 'Thanks');
    expect(preview.getByText('Your order {{1}} is ready, {{2}}.')).toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    // The header's {{1}} and the body's {{1}} each name their own field.
    expect(await form.findAllByText(TEMPLATE_ERRORS.exampleRequired(1))).toHaveLength(2);
    expect(sent).toBeUndefined();

    await fill(form.getByRole('textbox', { name: /^Sample for \{\{1\}\}/ }), 'A-1042');
    await fill(form.getByRole('textbox', { name: /^Sample for \{\{2\}\}/ }), 'Ada');
    await fill(form.getByRole('textbox', { name: /^Header sample for \{\{1\}\}/ }), 'Ada');
    expect(preview.getByText('Hi Ada')).toBeInTheDocument();
    expect(preview.getByText('Your order A-1042 is ready, Ada.')).toBeInTheDocument();
    expect(preview.getByText('Reply STOP to opt out')).toBeInTheDocument();
    expect(preview.getByText('Thanks')).toBeInTheDocument();

    const language = form.getByRole('combobox', { name: /^Language/ });
    expect(language).toHaveValue('English (US) (en_US)');
    await userEvent.clear(language);
    await userEvent.type(language, 'brazil');
    await userEvent.click(await screen.findByRole('option', { name: 'Portuguese (Brazil) (pt_BR)' }));
    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      name: 'order_ready',
      language: 'pt_BR',
      category: 'UTILITY',
      body: 'Your order {{1}} is ready, {{2}}.',
      header: 'Hi {{1}}',
      footer: 'Reply STOP to opt out',
      buttons: ['Thanks'],
      body_examples: ['A-1042', 'Ada'],
      header_examples: ['Ada'],
    });
  });

  it('names the language field when none is chosen', async () => {
    openTemplates();
    await card('order_update');
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = within(screen.getByRole('form', { name: 'New template' }));
    await userEvent.clear(form.getByRole('combobox', { name: /^Language/ }));
    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    expect(await form.findByText(TEMPLATE_ERRORS.languageUnknown)).toBeInTheDocument();
  });

  it('deletes a template only after confirmation', async () => {
    const fetchMock = openTemplates({ 'DELETE /templates/2': () => new Response(null, { status: 204 }) });
    await userEvent.click((await card('bare_code')).getByRole('button', { name: 'Delete bare_code' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete bare_code?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requestsMade(fetchMock)).not.toContain('DELETE /templates/2');
    await userEvent.click((await card('bare_code')).getByRole('button', { name: 'Delete bare_code' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'bare_code' })).not.toBeInTheDocument());
    expect(requestsMade(fetchMock)).toContain('DELETE /templates/2');
  });
});
