import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '../../support/api-mock';
import { aConversation, aMessage, messagesPath } from '../../support/fixtures/inbox';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

/**
 * The open conversation stays at its newest message until the owner scrolls up: a move off the bottom that the
 * owner did not make (the virtualizer correcting for a photo growing above) is undone. jsdom lays nothing out,
 * so the list's heights are given here.
 */

const priya = aConversation({ id: '15550111@c.us', name: 'Priya Raman' });
const question = aMessage({ id: 'wamid.q', body: 'Which of these can you make by Saturday?' });

async function openPriya() {
  mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /messages/conversations?limit=50': () => json([priya]),
    [`GET ${messagesPath(priya.id)}`]: () => json([question]),
  });
  renderApp('/messages', signedInState());
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  await userEvent.click(await within(list).findByRole('button', { name: /Priya Raman/ }));
  const chat = within(screen.getByRole('region', { name: 'Chat' }));
  await chat.findByRole('article', { name: 'Received message' });
  // The element that scrolls: the messages' log's parent.
  const scroller = chat.getByRole('log', { name: 'Messages' }).parentElement!;
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
  return scroller;
}

afterEach(() => jest.restoreAllMocks());

describe('the open conversation pinned to its newest message', () => {
  it('goes back to the bottom when something else than the owner moves it up', async () => {
    const scroller = await openPriya();
    scroller.scrollTop = 1200;
    fireEvent.scroll(scroller);
    expect(scroller.scrollTop).toBe(2000);
  });

  it('stays where the owner scrolled to read', async () => {
    const scroller = await openPriya();
    fireEvent.wheel(scroller);
    scroller.scrollTop = 1200;
    fireEvent.scroll(scroller);
    expect(scroller.scrollTop).toBe(1200);
  });
});
