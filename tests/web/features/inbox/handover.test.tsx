import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../../contract';
import { MOBILE_MEDIA_QUERY } from '../../../../src/features/inbox/format';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import {
  aConversation,
  aMessage,
  ago,
  anEscalation,
  conversationPath,
  messagesPath,
} from '../../support/fixtures/inbox';
import { fixedMediaQueryList } from '../../support/media-query';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const grace = aConversation({
  id: '15550100@c.us',
  name: 'Grace Hopper',
  last_message: 'Can I talk to a person?',
  timestamp: ago(30),
  owner: 'human',
  needs_you: true,
});
const alan = aConversation({
  id: '15550199@c.us',
  name: 'Alan Turing',
  last_message: 'Is the shop open?',
  timestamp: ago(3 * 3600),
  owner: 'ai',
  needs_you: false,
  ai_replying: true,
});
const question = aMessage({ id: 'wamid.q', body: 'Can I talk to a person?', timestamp: ago(30 * 60) });
const aiAnswer = aMessage({
  id: 'wamid.a',
  body: 'We open at nine.',
  timestamp: ago(20 * 60),
  is_from_us: true,
  status: 'read',
  sender: 'ai',
  sources: {
    contexts: [{ id: 7, document_name: 'opening-hours.pdf', excerpt: 'The shop opens at 9 am on weekdays' }],
    memories: [{ id: 3, memory: 'Prefers mornings' }],
  },
});
const humanAnswer = aMessage({
  id: 'wamid.h',
  body: 'Someone will call you.',
  timestamp: ago(10 * 60),
  is_from_us: true,
  status: 'sent',
  sender: 'human',
});

function signedIn(routes: Record<string, ApiRoute> = {}, conversations: Conversation[] = [grace, alan]) {
  return mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    'GET /messages/conversations?limit=50': () => json(conversations),
    'GET /messages/conversations': () => json(conversations),
    [`GET ${messagesPath(grace.id)}`]: () => json([question, humanAnswer]),
    [`GET ${messagesPath(alan.id)}`]: () => json([question, aiAnswer]),
    // The dashboard's figures stay loading: the bell is the shell's.
    'GET /dashboard/summary': pending,
    'GET /dashboard/activity': pending,
    ...routes,
  });
}

function openInbox(routes: Record<string, ApiRoute> = {}, conversations?: Conversation[]) {
  const fetchMock = signedIn(routes, conversations);
  return { fetchMock, ...renderApp('/messages', signedInState()) };
}

const chat = () => within(screen.getByRole('region', { name: 'Chat' }));
const chatHeader = () => within(screen.getByRole('region', { name: 'Chat' }).firstElementChild as HTMLElement);

async function row(name: RegExp) {
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  return within(list).findByRole('button', { name });
}

async function open(name: RegExp, text: string) {
  await userEvent.click(await row(name));
  return chat().findByText(text);
}

const listRequests = (fetchMock: jest.SpyInstance) =>
  requestsMade(fetchMock).filter((request) => request.startsWith('GET /messages/conversations?')).length;

afterEach(() => jest.restoreAllMocks());

describe("the inbox's hand-overs", () => {
  it("marks only the conversations with an open hand-over 'Needs you', in the list and the chat header", async () => {
    openInbox();
    expect(within(await row(/Grace Hopper/)).getByText('Needs you')).toBeInTheDocument();
    expect(within(await row(/Alan Turing/)).queryByText('Needs you')).not.toBeInTheDocument();
    await open(/Grace Hopper/, 'Someone will call you.');
    expect(chatHeader().getByText('Needs you')).toBeInTheDocument();
    await open(/Alan Turing/, 'We open at nine.');
    expect(chatHeader().queryByText('Needs you')).not.toBeInTheDocument();
  });

  it("shows what the customer asked in a 'Needs you' row, not the acknowledgement sent after it", async () => {
    const waiting = {
      ...grace,
      last_message: 'Thanks for your patience — a person from our team will answer you here shortly.',
      customer_message: 'Can someone call me about the wedding cake?',
    };
    openInbox({}, [waiting, { ...alan, customer_message: 'What time do you open?' }]);
    const graceRow = await row(/Grace Hopper/);
    expect(within(graceRow).getByText('Can someone call me about the wedding cake?')).toBeInTheDocument();
    expect(within(graceRow).queryByText(/Thanks for your patience/)).not.toBeInTheDocument();
    // A conversation the AI answers shows its last message, as SPEC.md's list does.
    expect(within(await row(/Alan Turing/)).getByText('Is the shop open?')).toBeInTheDocument();
  });

  it("puts a phone's chat header actions in a menu, the customer's name whole beside it", async () => {
    jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) =>
        fixedMediaQueryList(query, query.replace(/\s/g, '') === MOBILE_MEDIA_QUERY.replace(/\s/g, '')),
      );
    openInbox();
    await userEvent.click(await row(/Alan Turing/));
    await chat().findByText('We open at nine.');
    expect(chatHeader().getByRole('heading', { name: 'Alan Turing' })).toBeInTheDocument();
    expect(chatHeader().queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
    await userEvent.click(chatHeader().getByRole('button', { name: 'Conversation actions' }));
    const menu = within(await screen.findByRole('menu', { name: 'Conversation actions' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Take over', 'Mark done']);
  });

  it('offers Hand back to AI only while the owner answers the customer', async () => {
    openInbox();
    await open(/Alan Turing/, 'We open at nine.');
    expect(chatHeader().queryByRole('button', { name: 'Hand back to AI' })).not.toBeInTheDocument();
    await open(/Grace Hopper/, 'Someone will call you.');
    expect(chatHeader().getByRole('button', { name: 'Hand back to AI' })).toBeInTheDocument();
  });

  it('shows who answers in the chat header, with one click to take over or hand back, and Mark done', async () => {
    openInbox();
    await open(/Alan Turing/, 'We open at nine.');
    expect(chatHeader().getByText('AI answering')).toBeInTheDocument();
    expect(chatHeader().getByRole('button', { name: 'Take over' })).toBeInTheDocument();
    expect(chatHeader().getByRole('button', { name: 'Mark done' })).toBeInTheDocument();
    await open(/Grace Hopper/, 'Someone will call you.');
    expect(chatHeader().getByText('Needs you')).toBeInTheDocument();
    expect(chatHeader().queryByText('AI answering')).not.toBeInTheDocument();
    expect(chatHeader().queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
  });

  it('takes over: says so, and the header then reads You’re answering with Hand back to AI', async () => {
    let tookOver = false;
    const current = () =>
      tookOver ? [grace, { ...alan, owner: 'human' as const, ai_replying: false }] : [grace, alan];
    const { fetchMock } = openInbox({
      'GET /messages/conversations?limit=50': () => json(current()),
      [`POST ${conversationPath(alan.id)}/takeover`]: () => {
        tookOver = true;
        return json(current()[1]);
      },
    });
    await open(/Alan Turing/, 'We open at nine.');
    await userEvent.click(chatHeader().getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('You took over')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`POST ${conversationPath(alan.id)}/takeover`);
    expect(await chatHeader().findByText('You’re answering')).toBeInTheDocument();
    expect(chatHeader().getByRole('button', { name: 'Hand back to AI' })).toBeInTheDocument();
  });

  it('hands back: says so, then the list and the messages refresh and the button goes', async () => {
    let handedBack = false;
    const current = () => (handedBack ? [{ ...grace, owner: 'ai' as const, needs_you: false }, alan] : [grace, alan]);
    const { fetchMock } = openInbox({
      'GET /messages/conversations?limit=50': () => json(current()),
      [`POST ${conversationPath(grace.id)}/handback`]: () => {
        handedBack = true;
        return json(current()[0]);
      },
    });
    await open(/Grace Hopper/, 'Someone will call you.');
    const listBefore = listRequests(fetchMock);
    const messagesBefore = requestsMade(fetchMock).filter((r) => r === `GET ${messagesPath(grace.id)}`).length;
    await userEvent.click(chatHeader().getByRole('button', { name: 'Hand back to AI' }));
    expect(await screen.findByText('Handed back to the AI')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`POST ${conversationPath(grace.id)}/handback`);
    await waitFor(() =>
      expect(chatHeader().queryByRole('button', { name: 'Hand back to AI' })).not.toBeInTheDocument(),
    );
    expect(chatHeader().queryByText('Needs you')).not.toBeInTheDocument();
    expect(listRequests(fetchMock)).toBeGreaterThan(listBefore);
    expect(requestsMade(fetchMock).filter((r) => r === `GET ${messagesPath(grace.id)}`).length).toBeGreaterThan(
      messagesBefore,
    );
  });

  it("shows the server's reason when the hand-back is refused, and keeps the button", async () => {
    openInbox({
      [`POST ${conversationPath(grace.id)}/handback`]: () => apiError(404, 'Conversation not found.', 'not_found'),
    });
    await open(/Grace Hopper/, 'Someone will call you.');
    await userEvent.click(chatHeader().getByRole('button', { name: 'Hand back to AI' }));
    expect(await screen.findByText('Conversation not found.')).toBeInTheDocument();
    expect(screen.getByText('Not handed back')).toBeInTheDocument();
    await waitFor(() => expect(chatHeader().getByRole('button', { name: 'Hand back to AI' })).toBeEnabled());
  });

  it("shows 'AI is replying…' only while the AI writes in the open conversation", async () => {
    openInbox();
    await open(/Grace Hopper/, 'Someone will call you.');
    expect(chat().queryByText('AI is replying…')).not.toBeInTheDocument();
    await open(/Alan Turing/, 'We open at nine.');
    expect(chat().getByText('AI is replying…')).toBeInTheDocument();
  });

  it('folds the Sources of an AI reply until asked, and shows none on other messages', async () => {
    openInbox();
    await open(/Alan Turing/, 'We open at nine.');
    const sources = chat().getByRole('button', { name: /Sources/ });
    expect(chat().getAllByRole('button', { name: /Sources/ })).toHaveLength(1);
    expect(sources).toHaveAttribute('aria-expanded', 'false');
    expect(chat().queryByText('The shop opens at 9 am on weekdays')).not.toBeInTheDocument();
    await userEvent.click(sources);
    expect(sources).toHaveAttribute('aria-expanded', 'true');
    const list = chat().getByRole('list', { name: 'Sources' });
    expect(within(list).getByText('opening-hours.pdf')).toBeInTheDocument();
    expect(within(list).getByText('The shop opens at 9 am on weekdays')).toBeInTheDocument();
    expect(within(list).getByText('Prefers mornings')).toBeInTheDocument();
    await userEvent.click(sources);
    await waitFor(() => expect(chat().queryByText('Prefers mornings')).not.toBeInTheDocument());
  });
});

describe("the header's bell", () => {
  it('counts the open hand-overs and lists them with their reason and age', async () => {
    signedIn({
      'GET /escalations': () =>
        json([
          anEscalation({ customer_message: '[image] Is this cake still available?' }),
          anEscalation({
            id: 2,
            conversation_id: '15550123@c.us',
            customer_name: '15550123@c.us',
            reason: 'AI unavailable',
            kind: 'ai_unavailable',
            created_at: ago(2 * 3600 + 60),
          }),
        ]),
    });
    renderApp('/dashboard', signedInState());
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 open hand-overs' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
    await userEvent.click(bell);
    const menu = within(await screen.findByRole('menu', { name: 'Open hand-overs' }));
    const items = menu.getAllByRole('menuitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[0]).toHaveTextContent('Photo: Is this cake still available?');
    expect(items[0]).toHaveTextContent('The customer asked for a person. · 5m ago');
    expect(items[1]).toHaveTextContent('+15550123');
    expect(items[1]).toHaveTextContent('AI unavailable · 2h ago');
  });

  it("shows no count and says 'No open hand-overs' when there are none", async () => {
    signedIn();
    renderApp('/dashboard', signedInState());
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('handover-count')).not.toBeInTheDocument();
    await userEvent.click(bell);
    expect(await screen.findByText('No open hand-overs')).toBeInTheDocument();
  });

  it("opens the hand-over's conversation in the inbox", async () => {
    signedIn({ 'GET /escalations': () => json([anEscalation()]) });
    const { router } = renderApp('/dashboard', signedInState());
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 open hand-over' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Grace Hopper/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    const pane = within(await screen.findByRole('region', { name: 'Chat' }));
    expect(await pane.findByText('Someone will call you.')).toBeInTheDocument();
    expect(chatHeader().getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    // The link is spent once the conversation is open.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('the list filters', () => {
  const tabs = async () => within(await screen.findByRole('tablist', { name: 'Show conversations' }));

  it("shows All first, and 'Needs you' asks the server for the conversations that need the owner", async () => {
    const { fetchMock } = openInbox({
      'GET /messages/conversations?limit=50&filter=needs_you': () => json([grace]),
    });
    await row(/Alan Turing/);
    expect((await tabs()).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click((await tabs()).getByRole('tab', { name: 'Needs you' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Alan Turing/ })).not.toBeInTheDocument());
    expect(await row(/Grace Hopper/)).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('GET /messages/conversations?limit=50&filter=needs_you');
  });

  it('says what an empty filter means instead of "No conversations yet"', async () => {
    openInbox({ 'GET /messages/conversations?limit=50&filter=unread': () => json([]) });
    await row(/Alan Turing/);
    await userEvent.click((await tabs()).getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByText('No unread conversations')).toBeInTheDocument();
    expect(screen.queryByText('No conversations yet')).not.toBeInTheDocument();
  });

  it('marks a conversation that needs the owner done from the list, and it leaves the Needs you filter', async () => {
    let done = false;
    const doneGrace = { ...grace, needs_you: false, done: true };
    const { fetchMock } = openInbox({
      'GET /messages/conversations?limit=50&filter=needs_you': () => json(done ? [] : [grace]),
      [`POST ${conversationPath(grace.id)}/done`]: () => {
        done = true;
        return json(doneGrace);
      },
    });
    await row(/Alan Turing/);
    await userEvent.click((await tabs()).getByRole('tab', { name: 'Needs you' }));
    const list = within(await screen.findByRole('list', { name: 'Conversations' }));
    // Only a conversation that needs the owner offers it.
    await waitFor(() => expect(list.getAllByRole('button', { name: 'Mark done' })).toHaveLength(1));
    await userEvent.click(list.getByRole('button', { name: 'Mark done' }));
    expect(await screen.findByText('Marked done')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain(`POST ${conversationPath(grace.id)}/done`);
    expect(await screen.findByText('Nothing needs you')).toBeInTheDocument();
  });
});

describe('searching the whole history', () => {
  const older = aMessage({ id: 'wamid.old', body: 'My order ORD-7781 was due on Tuesday.', timestamp: ago(3 * 86400) });
  const found = { ...alan, match: { message_id: older.id, excerpt: 'My order ORD-7781 was due on Tuesday.' } };

  it('shows the matching message with its words marked, and opens the conversation at it, paging back to it', async () => {
    const { fetchMock, store } = openInbox({
      'GET /messages/conversations?limit=50&q=tuesday': () => json([found]),
      [`GET ${messagesPath(alan.id)}`]: () =>
        json(
          Array.from({ length: 50 }, (_, i) =>
            aMessage({ id: `wamid.n${i}`, body: `Newer ${i}`, timestamp: ago(3600 - i) }),
          ),
        ),
      [`GET ${conversationPath(alan.id)}?before=wamid.n0&limit=50`]: () => json([older]),
    });
    await row(/Alan Turing/);
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    act(() => search.focus());
    await userEvent.type(search, 'tuesday', { skipClick: true });
    await waitFor(() => expect(requestsMade(fetchMock).join('\n')).toContain('q=tuesday'));
    const result = await row(/ORD-7781/);
    expect(within(result).getByText('Tuesday', { selector: 'mark' })).toBeInTheDocument();
    await userEvent.click(result);
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toContain(`GET ${conversationPath(alan.id)}?before=wamid.n0&limit=50`),
    );
    // The earlier page is loaded, and the match is the message to scroll to and mark.
    await waitFor(() => expect(store.getState().inbox.open.messages.ids).toContain(older.id));
    expect(store.getState().inbox.open.highlightId).toBe(older.id);
  });
});
