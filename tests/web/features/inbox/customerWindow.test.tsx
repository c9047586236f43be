import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, Template } from '../../../../contract';
import { customerWindow, WINDOW_TEXTS, WINDOW_WARNING_MS } from '../../../../src/features/inbox/customerWindow';
import { json, mockApi, pending, type ApiRoute } from '../../support/api-mock';
import { aConversation, aMessage, ago, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const HOUR_MS = 3_600_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const inFuture = (ms: number) => new Date(NOW + ms).toISOString();

describe('customerWindow', () => {
  it('reads the hours and minutes left while the window is open', () => {
    expect(customerWindow(inFuture(5 * HOUR_MS + 20 * 60_000), NOW)).toEqual({
      state: 'open',
      text: '5h 20m left to reply freely',
    });
  });

  it('warns in the last hour, down to the last minute', () => {
    expect(customerWindow(inFuture(WINDOW_WARNING_MS), NOW)).toEqual({
      state: 'closing',
      text: '1h 0m left to reply freely',
    });
    expect(customerWindow(inFuture(42 * 60_000 + 30_000), NOW)?.text).toBe('42m left to reply freely');
    expect(customerWindow(inFuture(20_000), NOW)?.text).toBe('under a minute left to reply freely');
  });

  it('is closed at and after the closing time, and when the customer never wrote', () => {
    expect(customerWindow(inFuture(0), NOW)).toEqual({ state: 'closed', text: WINDOW_TEXTS.closed });
    expect(customerWindow(inFuture(-HOUR_MS), NOW)?.state).toBe('closed');
    expect(customerWindow(null, NOW)?.state).toBe('closed');
  });

  it('gives no reading when the server does not say', () => {
    expect(customerWindow(undefined, NOW)).toBeUndefined();
  });
});

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

function openChat(conversation: Conversation, routes: Record<string, ApiRoute> = {}) {
  mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    'GET /messages/conversations?limit=50': () => json([conversation]),
    'GET /messages/conversations': () => json([conversation]),
    [`GET ${messagesPath(conversation.id)}`]: () => json([aMessage({ timestamp: ago(60) })]),
    'GET /templates': pending,
    ...routes,
  });
  renderApp('/messages', signedInState());
}

async function openGrace() {
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  await userEvent.click(await within(list).findByRole('button', { name: /Grace Hopper/ }));
  const chat = within(screen.getByRole('region', { name: 'Chat' }));
  await chat.findByText('Do you deliver on Sundays?', { selector: 'p, span, div' });
  return chat;
}

afterEach(() => jest.restoreAllMocks());

describe('the 24-hour window in the chat', () => {
  it('shows the time left to reply freely in the header, and the composer writes as usual', async () => {
    openChat(aConversation({ window_closes_at: inHours(5.5) }));
    const chat = await openGrace();
    expect(chat.getByText(/^5h (29|30)m left to reply freely$/)).toBeInTheDocument();
    expect(chat.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('warns in the last hour', async () => {
    openChat(aConversation({ window_closes_at: inHours(0.5) }));
    const chat = await openGrace();
    expect(chat.getByText(/^(29|30)m left to reply freely$/)).toBeInTheDocument();
  });

  it('once closed, the composer says so and offers no free text', async () => {
    openChat(aConversation({ window_closes_at: inHours(-2) }));
    const chat = await openGrace();
    expect(chat.getByText(WINDOW_TEXTS.closed)).toBeInTheDocument();
    expect(chat.getByText(WINDOW_TEXTS.composerClosed)).toBeInTheDocument();
    expect(chat.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('sending a template once the window closed', () => {
  const orderUpdate: Template = {
    id: 7,
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    rejected_reason: null,
    body: 'Hello {{1}}, your order {{2}} is ready.',
    header: null,
    buttons: [],
    body_variables: 2,
    header_variables: 0,
  };
  const inReview: Template = { ...orderUpdate, id: 8, name: 'promo', status: 'PENDING' };

  it("picks an approved template, prefills the customer's name, previews and sends it", async () => {
    let sent: unknown;
    const message = aMessage({
      id: 'wamid.t',
      body: 'Hello Grace Hopper, your order A-1 is ready.',
      is_from_us: true,
      sender: 'human',
      status: 'pending',
      timestamp: new Date().toISOString(),
    });
    openChat(aConversation({ window_closes_at: inHours(-2) }), {
      'GET /templates?sync=true': () => json([orderUpdate, inReview]),
      'POST /messages/conversations/15550100%40c.us/template': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(message, 201);
      },
    });
    const chat = await openGrace();
    await userEvent.click(chat.getByRole('button', { name: WINDOW_TEXTS.sendTemplate }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send a template' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Template' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['order_update (en_US)']);
    await userEvent.click(options[0]);
    expect(dialog.getByRole('textbox', { name: 'Value {{1}}' })).toHaveValue('Grace Hopper');
    expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Value {{2}}' }), 'A-1');
    expect(dialog.getByRole('group', { name: 'Preview' })).toHaveTextContent(
      'Hello Grace Hopper, your order A-1 is ready.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ template_id: 7, body_values: ['Grace Hopper', 'A-1'] });
    expect(await chat.findByText('Hello Grace Hopper, your order A-1 is ready.')).toBeInTheDocument();
  });
});
