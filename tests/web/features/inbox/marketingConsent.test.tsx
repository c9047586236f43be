import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEMPLATE_ERRORS, type Conversation, type Template } from '../../../../contract';
import { formatDate } from '../../../../src/components/dates';
import { WINDOW_TEXTS } from '../../../../src/features/inbox/customerWindow';
import { MARKETING_TEXTS } from '../../../../src/features/inbox/MarketingChip';
import { unreachableBecause } from '../../../../src/features/inbox/SendTemplateDialog';
import { apiError, json, mockApi, pending, type ApiRoute } from '../../support/api-mock';
import { aConversation, aMessage, ago, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const STOPPED_AT = '2026-11-20T12:00:00.000Z';

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

describe('a customer who stopped marketing messages', () => {
  it('shows a chip in the chat header, with the date in its tooltip', async () => {
    openChat(aConversation({ marketing_stopped_at: STOPPED_AT }));
    const chat = await openGrace();
    const chip = chat.getByText(MARKETING_TEXTS.stopped);
    await userEvent.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MARKETING_TEXTS.stoppedOn(formatDate(STOPPED_AT)));
  });

  it('shows no chip for a customer who takes marketing messages', async () => {
    openChat(aConversation({ marketing_stopped_at: null }));
    const chat = await openGrace();
    expect(chat.queryByText(MARKETING_TEXTS.stopped)).not.toBeInTheDocument();
  });

  const sale: Template = {
    id: 9,
    name: 'summer_sale',
    language: 'en_US',
    category: 'MARKETING',
    status: 'APPROVED',
    rejected_reason: null,
    body: 'Hello {{1}}, our summer sale starts today.',
    header: null,
    buttons: [],
    body_variables: 1,
    header_variables: 0,
  };
  const receipt: Template = {
    ...sale,
    id: 10,
    name: 'order_ready',
    category: 'UTILITY',
    body: 'Hi {{1}}, it is ready.',
  };

  async function openTemplates(conversation: Conversation, routes: Record<string, ApiRoute> = {}) {
    openChat(conversation, { 'GET /templates?sync=true': () => json([sale, receipt]), ...routes });
    const chat = await openGrace();
    await userEvent.click(chat.getByRole('button', { name: WINDOW_TEXTS.sendTemplate }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send a template' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Template' }));
    return dialog;
  }

  it('offers marketing templates disabled, with the reason, and the others as usual', async () => {
    await openTemplates(aConversation({ marketing_stopped_at: STOPPED_AT, window_closes_at: ago(7200) }));

    const [marketing, utility] = await screen.findAllByRole('option');
    expect(marketing).toHaveTextContent('summer_sale (en_US)');
    expect(marketing).toHaveTextContent(TEMPLATE_ERRORS.marketingStopped);
    expect(marketing).toHaveAttribute('aria-disabled', 'true');
    expect(utility).toHaveTextContent('order_ready (en_US)');
    expect(utility).not.toHaveTextContent(TEMPLATE_ERRORS.marketingStopped);
    expect(utility).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the send dialog open with the reason when the server refuses one (a stop the page had not heard of)', async () => {
    const dialog = await openTemplates(aConversation({ marketing_stopped_at: null, window_closes_at: ago(7200) }), {
      'POST /messages/conversations/15550100%40c.us/template': () =>
        apiError(409, TEMPLATE_ERRORS.marketingStopped, 'customer_stopped_marketing', 'template_id'),
    });
    await userEvent.click((await screen.findAllByRole('option'))[0]);
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(TEMPLATE_ERRORS.marketingStopped));
    expect(screen.getByRole('dialog', { name: 'Send a template' })).toBeInTheDocument();
  });
});

describe('unreachableBecause', () => {
  it('holds back marketing from a customer who stopped it and authentication from one without a number', () => {
    expect(unreachableBecause({ category: 'MARKETING' }, { marketingStopped: true })).toBe(
      TEMPLATE_ERRORS.marketingStopped,
    );
    expect(unreachableBecause({ category: 'AUTHENTICATION' }, { numberHidden: true })).toBe(
      TEMPLATE_ERRORS.needsPhoneNumber,
    );
    expect(unreachableBecause({ category: 'UTILITY' }, { marketingStopped: true, numberHidden: true })).toBeNull();
    expect(unreachableBecause({ category: 'MARKETING' }, { numberHidden: true })).toBeNull();
    expect(unreachableBecause({ category: 'AUTHENTICATION' }, { marketingStopped: true })).toBeNull();
  });
});
