import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation } from '../../../../contract';
import { INBOX_TEXTS, MESSAGE_SKELETON_ROWS, MOBILE_MEDIA_QUERY } from '../../../../src/features/inbox/format';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { aConversation, aMessage, ago, conversationPath, messagesPath } from '../../support/fixtures/inbox';
import { fixedMediaQueryList } from '../../support/media-query';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const grace = aConversation({
  id: '15550100@c.us',
  name: 'Grace Hopper',
  last_message: 'Do you deliver on Sundays?',
  timestamp: ago(30),
  unread_count: 2,
});
const alan = aConversation({
  id: '15550199@c.us',
  name: '15550199@c.us',
  last_message: 'Is the shop open?',
  timestamp: ago(3 * 3600),
});
const question = aMessage({ id: 'wamid.q', body: 'Do you deliver on Sundays?', timestamp: ago(30 * 60) });
const answer = aMessage({
  id: 'wamid.a',
  body: 'Yes, until noon.',
  timestamp: ago(20 * 60),
  is_from_us: true,
  in_reply_to_message_id: 'wamid.q',
  status: 'read',
  sender: 'ai',
  reactions: [{ emoji: '👍', from_us: false }],
});

/** The list's first page, as the SPA asks for it (and polls it). */
const FIRST_PAGE = 'GET /messages/conversations?limit=50';
/** A search as the SPA sends it. */
const searchFor = (q: string) => `${FIRST_PAGE}&${new URLSearchParams({ q }).toString()}`;

/** A page of the list with the next page's cursor in its header. */
function pageWithCursor(conversations: Conversation[], next: string): Response {
  return new Response(JSON.stringify(conversations), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-next-cursor': next },
  });
}

function openInbox(routes: Record<string, ApiRoute> = {}, conversations: Conversation[] = [grace, alan]) {
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 1 }),
    [FIRST_PAGE]: () => json(conversations),
    [`GET ${messagesPath(grace.id)}`]: () => json([question, answer]),
    ...routes,
  });
  return { fetchMock, ...renderApp('/messages', signedInState()) };
}

const conversationList = () => within(screen.getByRole('region', { name: 'Conversation list' }));
const chat = () => within(screen.getByRole('region', { name: 'Chat' }));

/** The row of a conversation, once the (lazy) page and its list are there. */
async function row(name: string | RegExp) {
  const list = await screen.findByRole('region', { name: 'Conversation list' });
  return within(list).findByRole('button', { name });
}

async function openGrace() {
  await userEvent.click(await row(/Grace Hopper/));
  return chat().findByText('Yes, until noon.');
}

/**
 * Types as a person does after tabbing into the field. jsdom lays nothing out, so every point of the
 * page lies on the panels' drag handle, whose pointerdown handler keeps a click from focusing the field.
 */
async function typeInto(field: HTMLElement, text: string) {
  act(() => field.focus());
  await userEvent.type(field, text, { skipClick: true });
}

/** A window narrower than the mobile breakpoint, for MUI's useMediaQuery. */
function phoneSized() {
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) =>
      fixedMediaQueryList(query, query.replace(/\s/g, '') === MOBILE_MEDIA_QUERY.replace(/\s/g, '')),
    );
}

afterEach(() => jest.restoreAllMocks());

describe('/messages: the conversation list', () => {
  it('shows each conversation with its name, last message, list time and unread badge', async () => {
    openInbox();
    const graceRow = await row(/Grace Hopper/);
    expect(within(graceRow).getByText('Do you deliver on Sundays?')).toBeInTheDocument();
    expect(within(graceRow).getByText('Just now')).toBeInTheDocument();
    expect(within(graceRow).getByLabelText('2 unread')).toHaveTextContent('2');
    const alanRow = await row(/\+15550199/);
    expect(within(alanRow).getByText('3h')).toBeInTheDocument();
    expect(within(alanRow).queryByLabelText(/unread/)).not.toBeInTheDocument();
  });

  it("applies the '+' rule to a conversation named by its id", async () => {
    openInbox();
    const alanRow = await row(/\+15550199/);
    expect(within(alanRow).getByText('+15550199')).toBeInTheDocument();
    expect(screen.queryByText('15550199@c.us')).not.toBeInTheDocument();
  });

  it('searches by name, number and last message on the server, and says when nothing matches', async () => {
    openInbox({
      [searchFor('shop')]: () => json([alan]),
      [searchFor('15550100')]: () => json([grace]),
      [searchFor('15550100999')]: () => json([]),
    });
    await row(/Grace Hopper/);
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await typeInto(search, 'shop');
    expect(conversationList().queryByRole('button', { name: /Grace Hopper/ })).not.toBeInTheDocument();
    expect(conversationList().getByRole('button', { name: /\+15550199/ })).toBeInTheDocument();
    await userEvent.clear(search);
    await typeInto(search, '15550100');
    expect(conversationList().getByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
    await typeInto(search, '999');
    expect(await conversationList().findByText('No conversations match your search')).toBeInTheDocument();
  });

  it('shows what the server found beyond the pages loaded, asking once typing pauses; an empty box is the list', async () => {
    const ada = aConversation({ id: '15550111@c.us', name: 'Ada Lovelace', last_message: 'Cotton?' });
    const { fetchMock } = openInbox({ [searchFor('ada')]: () => json([ada]) });
    await row(/Grace Hopper/);
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });
    await typeInto(search, 'ada');
    expect(await row(/Ada Lovelace/)).toBeInTheDocument();
    expect(conversationList().queryByRole('button', { name: /Grace Hopper/ })).not.toBeInTheDocument();
    const searches = requestsMade(fetchMock).filter((request) => request.includes('q='));
    expect(searches).toEqual([searchFor('ada')]);

    await userEvent.clear(search);
    expect(await row(/Grace Hopper/)).toBeInTheDocument();
    expect(conversationList().queryByRole('button', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
  });

  it('loads the next page once on reaching the end of the list, with a spinner row meanwhile', async () => {
    const first = Array.from({ length: 12 }, (_, index) =>
      aConversation({ id: `1555${String(index).padStart(6, '0')}@c.us`, name: `Customer ${index}` }),
    );
    const next = aConversation({ id: '15559999999@c.us', name: 'Customer from page 2' });
    let answer: (response: Response) => void = () => undefined;
    const nextPage = `${FIRST_PAGE}&before=cursor-1`;
    const { fetchMock } = openInbox({
      [FIRST_PAGE]: () => pageWithCursor(first, 'cursor-1'),
      [nextPage]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading more conversations' })).toBeInTheDocument();
    act(() => answer(json([next])));
    expect(await row(/Customer from page 2/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading more conversations' })).not.toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((request) => request === nextPage)).toHaveLength(1);
    expect(requestsMade(fetchMock).filter((request) => request.includes('before='))).toHaveLength(1);
  });

  it('says when there are no conversations yet, and shows the empty chat state', async () => {
    openInbox({}, []);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText(INBOX_TEXTS.noConversationsHint)).toBeInTheDocument();
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
  });

  it('says that WhatsApp is not connected when there are no conversations, and links to connecting', async () => {
    openInbox({ 'GET /whatsapp/status': () => json({ isConnected: false }) }, []);
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(await screen.findByText(INBOX_TEXTS.notConnectedHint)).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Conversation list' });
    expect(within(list).getByRole('link', { name: 'Connect WhatsApp' })).toHaveAttribute('href', '/onboarding');
  });

  it("says 'Failed to load conversations' and loads again on 'Try again'", async () => {
    let fail = true;
    // Each poll tries 4 times, 1 s apart, so the failure shows after 3 s.
    const { fetchMock } = openInbox({
      [FIRST_PAGE]: () => (fail ? apiError(500, 'Database down', 'internal') : json([grace])),
    });
    expect(await screen.findByText('Failed to load conversations', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((request) => request === FIRST_PAGE)).toHaveLength(4);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await row(/Grace Hopper/)).toBeInTheDocument();
    expect(screen.queryByText('Failed to load conversations')).not.toBeInTheDocument();
  });

  it('renders only the rows in view of 10,000 conversations', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      aConversation({ id: `1555${String(index).padStart(6, '0')}@c.us`, name: `Customer ${index}` }),
    );
    openInbox({}, many);
    expect(await row(/Customer 0 /)).toBeInTheDocument();
    const rows = conversationList().getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(50);
    expect(conversationList().queryByText('Customer 9999')).not.toBeInTheDocument();
  });
});

describe('/messages: the chat', () => {
  it('shows 8 skeleton rows while the messages load', async () => {
    openInbox({ [`GET ${messagesPath(grace.id)}`]: pending });
    await userEvent.click(await row(/Grace Hopper/));
    const loading = await chat().findByRole('status', { name: 'Loading messages' });
    expect(within(loading).getAllByTestId('message-skeleton')).toHaveLength(MESSAGE_SKELETON_ROWS);
  });

  it('shows the customer, the messages with their times, the quote, who sent ours, ticks and reactions', async () => {
    openInbox();
    await openGrace();
    expect(chat().getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    const ours = chat().getByRole('article', { name: 'Sent message' });
    expect(within(ours).getByTestId('quoted-message')).toHaveTextContent('Do you deliver on Sundays?');
    expect(within(ours).getByText('AI')).toBeInTheDocument();
    expect(within(ours).getByText('20m ago')).toBeInTheDocument();
    expect(within(ours).getByRole('img', { name: 'Read' })).toBeInTheDocument();
    expect(within(ours).getByText('👍')).toBeInTheDocument();
    const theirs = chat().getByRole('article', { name: 'Received message' });
    expect(within(theirs).getByText('30m ago')).toBeInTheDocument();
    expect(within(theirs).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a customer who hid their number by username, never as a number', async () => {
    const sheena = aConversation({
      id: 'US.13491208655302741918@bsuid',
      name: '@realsheenanelson',
      last_message: 'Does it come in another color?',
      timestamp: ago(60),
    });
    openInbox({ [`GET ${messagesPath(sheena.id)}`]: () => json([question]) }, [sheena]);
    await userEvent.click(await row(/@realsheenanelson/));
    await chat().findByText('Do you deliver on Sundays?');

    expect(chat().getByRole('heading', { name: '@realsheenanelson' })).toBeInTheDocument();
    expect(screen.queryByText(/\+US/)).not.toBeInTheDocument();
    expect(screen.queryByText(/US\.13491208655302741918/)).not.toBeInTheDocument();
  });

  it("shows 'Original message' for a quote that is not loaded, and a failed message's reason", async () => {
    const failed = aMessage({
      id: 'wamid.f',
      body: 'Sorry, we are closed.',
      is_from_us: true,
      sender: 'human',
      status: 'failed',
      status_reason: 'The customer has not written for 24 hours.',
      in_reply_to_message_id: 'wamid.long-gone',
    });
    openInbox({ [`GET ${messagesPath(grace.id)}`]: () => json([failed]) });
    await userEvent.click(await row(/Grace Hopper/));
    const message = await chat().findByRole('article', { name: 'Sent message' });
    expect(within(message).getByTestId('quoted-message')).toHaveTextContent('Original message');
    expect(within(message).getByText('You')).toBeInTheDocument();
    expect(within(message).getByRole('img', { name: 'Not delivered' })).toBeInTheDocument();
    expect(within(message).getByText('The customer has not written for 24 hours.')).toBeInTheDocument();
  });

  it("says 'Failed to load messages' and loads again on 'Try again'", async () => {
    let fail = true;
    openInbox({
      [`GET ${messagesPath(grace.id)}`]: () => (fail ? apiError(500, 'Database down', 'internal') : json([question])),
    });
    await userEvent.click(await row(/Grace Hopper/));
    expect(await chat().findByText('Failed to load messages')).toBeInTheDocument();
    fail = false;
    await userEvent.click(chat().getByRole('button', { name: 'Try again' }));
    expect(await chat().findByText('Do you deliver on Sundays?')).toBeInTheDocument();
  });

  it('sets the reply target from the menu, previews 50 characters and cancels it', async () => {
    const long = aMessage({ id: 'wamid.long', body: `${'x'.repeat(50)}and more that is not shown` });
    openInbox({ [`GET ${messagesPath(grace.id)}`]: () => json([long]) });
    await userEvent.click(await row(/Grace Hopper/));
    const message = await chat().findByRole('article', { name: 'Received message' });
    await userEvent.click(within(message).getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));
    expect(chat().getByText(`Replying to: ${'x'.repeat(50)}...`)).toBeInTheDocument();
    await userEvent.click(chat().getByRole('button', { name: 'Cancel reply' }));
    expect(chat().queryByText(/Replying to:/)).not.toBeInTheDocument();
  });

  it('sends on Enter with the quote, makes a new line on Shift+Enter, and clears the reply bar', async () => {
    const sent = aMessage({
      id: 'wamid.r',
      body: 'Yes\nuntil noon',
      is_from_us: true,
      sender: 'human',
      status: 'sent',
    });
    const bodies: unknown[] = [];
    const { fetchMock } = openInbox({
      [`POST ${conversationPath(grace.id)}/reply`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return json(sent, 201);
      },
    });
    await openGrace();
    const theirs = chat().getByRole('article', { name: 'Received message' });
    await userEvent.click(within(theirs).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reply' }));

    const composer = chat().getByRole('textbox', { name: 'Message' });
    await typeInto(composer, 'Yes{Shift>}{Enter}{/Shift}until noon');
    expect(composer).toHaveValue('Yes\nuntil noon');
    expect(bodies).toHaveLength(0);
    const listRequestsBefore = requestsMade(fetchMock).filter((r) => r === FIRST_PAGE).length;

    await typeInto(composer, '{Enter}');
    await waitFor(() => expect(composer).toHaveValue(''));
    expect(bodies).toEqual([{ text: 'Yes\nuntil noon', in_reply_to_message_id: 'wamid.q' }]);
    expect(chat().queryByText(/Replying to:/)).not.toBeInTheDocument();
    // Both the messages and the list refresh at once after the send.
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((r) => r === FIRST_PAGE).length).toBeGreaterThan(listRequestsBefore),
    );
  });

  it('disables send for empty or whitespace-only text and while sending', async () => {
    const { fetchMock } = openInbox({ [`POST ${conversationPath(grace.id)}/reply`]: pending });
    await openGrace();
    const send = chat().getByRole('button', { name: 'Send' });
    const composer = chat().getByRole('textbox', { name: 'Message' });
    expect(send).toBeDisabled();
    await typeInto(composer, '   ');
    expect(send).toBeDisabled();
    await typeInto(composer, '{Enter}');
    expect(requestsMade(fetchMock)).not.toContain(`POST ${conversationPath(grace.id)}/reply`);
    await typeInto(composer, 'Hello');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(requestsMade(fetchMock)).toContain(`POST ${conversationPath(grace.id)}/reply`);
    expect(composer).toHaveValue('   Hello');
  });

  it("shows the server's reason when a send is refused", async () => {
    const reason = 'Connect WhatsApp before replying to customers.';
    openInbox({ [`POST ${conversationPath(grace.id)}/reply`]: () => apiError(409, reason, 'conflict') });
    await openGrace();
    await typeInto(chat().getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(chat().getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
  });

  it('copies a message and says so, or says it could not', async () => {
    const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    openInbox();
    await openGrace();
    const copy = async () => {
      const ours = chat().getByRole('article', { name: 'Sent message' });
      await userEvent.click(within(ours).getByRole('button', { name: 'Message actions' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Copy' }));
    };
    await copy();
    expect(await screen.findByText('Message copied')).toBeInTheDocument();
    expect(screen.getByText('Message copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Yes, until noon.');
    await copy();
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(screen.getByText('Could not copy message to clipboard')).toBeInTheDocument();
  });

  it("reacts to the customer's message from its menu, shows the reaction as ours, and takes it back", async () => {
    const bodies: unknown[] = [];
    // The server's copy, which the chat's polls read too.
    let reacted = question;
    openInbox({
      [`GET ${messagesPath(grace.id)}`]: () => json([reacted, answer]),
      [`POST ${conversationPath(grace.id)}/messages/wamid.q/reaction`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { emoji: string };
        bodies.push(body);
        reacted = { ...question, reactions: body.emoji ? [{ emoji: body.emoji, from_us: true }] : [] };
        return json(reacted);
      },
    });
    await openGrace();
    const ours = chat().getByRole('article', { name: 'Sent message' });
    await userEvent.click(within(ours).getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('group', { name: 'React' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reply', 'Copy', 'Delete']);
    await userEvent.keyboard('{Escape}');

    const theirs = chat().getByRole('article', { name: 'Received message' });
    await userEvent.click(within(theirs).getByRole('button', { name: 'Message actions' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Reply', 'Copy']);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'React' })).getByRole('button', { name: 'React ❤️' }),
    );
    const reaction = await within(theirs).findByTitle('Your reaction');
    expect(reaction).toHaveTextContent('❤️');

    await userEvent.click(within(theirs).getByRole('button', { name: 'Message actions' }));
    const again = screen.getByRole('button', { name: 'React ❤️' });
    expect(again).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(again);
    await waitFor(() => expect(within(theirs).queryByTitle('Your reaction')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ emoji: '❤️' }, { emoji: '' }]);
  });

  it('deletes one of our messages from the view', async () => {
    openInbox({ [`DELETE ${conversationPath(grace.id)}/messages/wamid.a`]: () => new Response(null, { status: 204 }) });
    await openGrace();
    const ours = chat().getByRole('article', { name: 'Sent message' });
    await userEvent.click(within(ours).getByRole('button', { name: 'Message actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(chat().queryByText('Yes, until noon.')).not.toBeInTheDocument());
    expect(chat().getByText('Do you deliver on Sundays?')).toBeInTheDocument();
  });
});

describe('/messages: the two time readings on screen', () => {
  const NOW = new Date('2026-11-22T12:00:00.000Z').getTime();
  /** 'Nov 15' in most time zones; the short month-day date of the local calendar. */
  const SEVEN_DAYS_AGO = new Date(NOW - 7 * 86400 * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
  });
  const BOUNDARIES = [
    { elapsedS: 59, list: 'Just now', message: 'Just now' },
    { elapsedS: 60, list: '1m', message: '1m ago' },
    { elapsedS: 59 * 60, list: '59m', message: '59m ago' },
    { elapsedS: 23 * 3600, list: '23h', message: '23h ago' },
    { elapsedS: 6 * 86400, list: '6d', message: '6d ago' },
    { elapsedS: 7 * 86400, list: SEVEN_DAYS_AGO, message: new RegExp(`^${SEVEN_DAYS_AGO}, \\d{1,2}:\\d{2}\\s[AP]M$`) },
  ];
  const at = (elapsedS: number) => new Date(NOW - elapsedS * 1000).toISOString();

  it('reads each boundary (59 s, 60 s, 59 min, 23 h, 6 d, 7 d) the list way and the message way', async () => {
    // The clock stands still, so that 59 s cannot become 60 s while the test runs.
    jest.spyOn(Date, 'now').mockReturnValue(NOW);
    const conversations = BOUNDARIES.map(({ elapsedS }, index) =>
      aConversation({ id: `1555000${index}@c.us`, name: `Boundary ${index}`, timestamp: at(elapsedS) }),
    );
    const messages = BOUNDARIES.map(({ elapsedS }, index) =>
      aMessage({ id: `wamid.${index}`, body: `Message ${index}`, timestamp: at(elapsedS) }),
    ).reverse();
    openInbox({ [`GET ${messagesPath(conversations[0].id)}`]: () => json(messages) }, conversations);
    for (const [index, { list }] of BOUNDARIES.entries()) {
      expect(within(await row(new RegExp(`Boundary ${index}`))).getByText(list)).toBeInTheDocument();
    }
    await userEvent.click(await row(/Boundary 0/));
    await chat().findByText('Message 0');
    for (const [index, { message }] of BOUNDARIES.entries()) {
      const bubble = chat().getByText(`Message ${index}`).closest('[role="article"]') as HTMLElement;
      expect(within(bubble).getByText(message)).toBeInTheDocument();
    }
  });
});

describe('/messages below 768 px', () => {
  it('shows one pane: the list, then the chat once a conversation is picked, with a toggle between them', async () => {
    phoneSized();
    openInbox();
    await row(/Grace Hopper/);
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();

    await openGrace();
    expect(screen.queryByRole('region', { name: 'Conversation list' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show conversations' }));
    expect(await row(/Grace Hopper/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chat' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show chat' }));
    expect(await chat().findByText('Yes, until noon.')).toBeInTheDocument();
  });

  it('shows both panes and the handle between them on a wide window', async () => {
    openInbox();
    await row(/Grace Hopper/);
    expect(screen.getByText('Select a conversation')).toBeInTheDocument();
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });
});

describe('the Messages badge in the sidebar', () => {
  it('shows the number of unread conversations', async () => {
    mockApi({
      'GET /users/me': () => json(aUser()),
      'GET /whatsapp/status': () => json({ isConnected: true }),
      'GET /messages/unread': () => json({ unread_conversations: 3 }),
      'GET /dashboard/summary': pending,
      'GET /dashboard/activity': pending,
    });
    renderApp('/dashboard', signedInState());
    const link = await screen.findByRole('link', { name: /3 unread conversations/ });
    expect(link).toHaveAttribute('href', '/messages');
    expect(link).toHaveTextContent('3');
  });

  it('follows the list once the inbox has loaded it', async () => {
    openInbox({ 'GET /messages/unread': pending }, [grace, { ...alan, unread_count: 5 }]);
    expect(await screen.findByRole('link', { name: /2 unread conversations/ })).toHaveAttribute('href', '/messages');
  });
});
