import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATE_ERRORS, type Template } from '../../../../contract';
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
    expect((await card('bare_code')).getByText('Rejected by WhatsApp: INVALID_FORMAT')).toBeInTheDocument();
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
    await userEvent.type(form.getByRole('textbox', { name: /^Quick-reply/ }), 'Thanks{Enter}Call me');
    await userEvent.click(form.getByRole('button', { name: 'Submit for review' }));
    expect(await form.findByText(TEMPLATE_ERRORS.nameTaken)).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      body: 'Hello {{1}}, thanks.',
      header: null,
      buttons: ['Thanks', 'Call me'],
    });
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
