import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/api-mock';
import { aConversation, aMessage, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

/** Focus goes where the work is: choosing Reply, or cancelling it, leaves the owner in the composer. */

const grace = aConversation({ id: '15550100@c.us', name: 'Grace Hopper' });
const question = aMessage({ id: 'wamid.q', body: 'Do you deliver on Sundays?' });

async function openGrace() {
  mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /messages/conversations?limit=50': () => json([grace]),
    [`GET ${messagesPath(grace.id)}`]: () => json([question]),
  });
  renderApp('/messages', signedInState());
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  await userEvent.click(await within(list).findByRole('button', { name: /Grace Hopper/ }));
  const chat = within(screen.getByRole('region', { name: 'Chat' }));
  return { chat, message: await chat.findByRole('article', { name: 'Received message' }) };
}

afterEach(() => jest.restoreAllMocks());

describe("a message's Reply and the composer", () => {
  it('moves focus to the composer when Reply is chosen, not back to the menu button', async () => {
    const { chat, message } = await openGrace();
    const menuButton = within(message).getByRole('button', { name: 'Message actions' });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));
    expect(chat.getByText(/^Replying to:/)).toBeInTheDocument();
    expect(chat.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    expect(menuButton).not.toHaveFocus();
  });

  it('chosen from the keyboard, Reply also leaves focus in the composer', async () => {
    const { chat, message } = await openGrace();
    const menuButton = within(message).getByRole('button', { name: 'Message actions' });
    act(() => menuButton.focus());
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('menuitem', { name: 'Reply' });
    act(() => reply.focus());
    await userEvent.keyboard('{Enter}');
    expect(chat.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('gives focus back to the menu button when the menu closes without a choice', async () => {
    const { message } = await openGrace();
    const menuButton = within(message).getByRole('button', { name: 'Message actions' });
    act(() => menuButton.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Reply' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveFocus();
  });

  it('moves focus to the composer when the reply is cancelled', async () => {
    const { chat, message } = await openGrace();
    await userEvent.click(within(message).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));
    const cancel = chat.getByRole('button', { name: 'Cancel reply' });
    act(() => cancel.focus());
    await userEvent.keyboard('{Enter}');
    expect(chat.queryByText(/^Replying to:/)).not.toBeInTheDocument();
    expect(chat.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });
});
