import { loggedOut } from '../../../../src/features/auth/slice';
import {
  selectCanSend,
  selectMessages,
  selectOpenConversation,
  selectReplyTarget,
  selectSearchStatus,
  selectUnreadConversations,
  selectVisibleConversations,
} from '../../../../src/features/inbox/selectors';
import inboxSlice, {
  conversationFilterChosen,
  conversationOpened,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsReloadRequested,
  conversationSearchEdited,
  conversationSearchSent,
  conversationsViewClosed,
  conversationsViewOpened,
  draftEdited,
  messageHidden,
  messagesLoaded,
  messagesLoadFailed,
  mobileListToggled,
  moreConversationsLoaded,
  moreConversationsLoadFailed,
  moreConversationsRequested,
  olderMessagesLoaded,
  olderMessagesRequested,
  replyFailed,
  replySent,
  replySubmitted,
  replyTargetChosen,
  replyTargetCleared,
  searchResultsLoaded,
  searchResultsLoadFailed,
} from '../../../../src/features/inbox/slice';
import { unreadCountLoaded } from '../../../../src/features/live/inboxEvents';
import { templateSent } from '../../../../src/features/inbox/templateSendSlice';
import type { InboxState } from '../../../../src/features/inbox/state';
import type { Conversation } from '../../../../contract';
import { aConversation, aMessage } from '../../support/fixtures/inbox';

const reducer = inboxSlice.reducer;
type InboxAction = Parameters<typeof reducer>[1];

function reduce(...actions: InboxAction[]): InboxState {
  return actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
}

const root = (inbox: InboxState) => ({ inbox });

const grace = aConversation({ id: '15550100@c.us', name: 'Grace Hopper', unread_count: 2 });
const alan = aConversation({
  id: '15550199@c.us',
  name: '15550199@c.us',
  last_message: 'Is the shop open?',
  unread_count: 0,
});
const question = aMessage({ id: 'wamid.q', body: 'Do you deliver on Sundays?', timestamp: '2026-11-20T10:00:00.000Z' });
const answer = aMessage({
  id: 'wamid.a',
  body: 'Yes, until noon.',
  timestamp: '2026-11-20T10:01:00.000Z',
  is_from_us: true,
  status: 'sent',
  sender: 'human',
});

/** A first page of the list as the server sends it; `next` is its X-Next-Cursor. */
const listPage = (conversations: Conversation[], next: string | null = null) => ({ conversations, next });

const page = (conversationId: string, messages = [question], pageSize = 50) => ({ conversationId, messages, pageSize });

/** The list on screen and Grace's conversation open with its first page. */
const graceOpen = () =>
  reduce(
    conversationsViewOpened(),
    conversationsLoaded(listPage([grace, alan])),
    conversationOpened(grace.id),
    messagesLoaded(page(grace.id, [answer, question])),
  );

describe('the inbox state', () => {
  it('loads the list and counts the conversations with unread messages', () => {
    const state = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan])));
    expect(state.conversationsStatus).toBe('loaded');
    expect(selectUnreadConversations(root(state))).toBe(1);
  });

  it('fails only a list that never loaded, and loads it again on Try again', () => {
    const failed = reduce(conversationsViewOpened(), conversationsLoadFailed());
    expect(failed.conversationsStatus).toBe('failed');
    expect(reducer(failed, conversationsReloadRequested()).conversationsStatus).toBe('loading');

    const shown = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace])), conversationsLoadFailed());
    expect(shown.conversationsStatus).toBe('loaded');
    expect(shown.conversations.ids).toEqual([grace.id]);
  });

  it('ignores a list that arrives after the view was left before it ever loaded', () => {
    const left = reduce(conversationsViewOpened(), conversationsViewClosed());
    expect(reducer(left, conversationsLoaded(listPage([grace])))).toEqual(left);
  });

  it('leaves the state untouched by a poll that brings nothing new, so that nothing re-renders', () => {
    const loaded = graceOpen();
    expect(reducer(loaded, conversationsLoaded(listPage([{ ...grace, unread_count: 0 }, { ...alan }])))).toBe(loaded);
    expect(reducer(loaded, messagesLoaded(page(grace.id, [{ ...question }, { ...answer }])))).toBe(loaded);
    const read = { ...answer, status: 'read' as const };
    expect(reducer(loaded, messagesLoaded(page(grace.id, [question, read]))).open.messages.entities['wamid.a']).toEqual(
      read,
    );
    expect(reducer(loaded, conversationsLoaded(listPage([alan, grace]))).conversations.ids).toEqual([
      alan.id,
      grace.id,
    ]);
  });

  it('takes a poll that changes only when the window closes, or whether it is done', () => {
    const loaded = graceOpen();
    const closed = { ...grace, unread_count: 0, window_closes_at: '2026-11-19T10:00:00.000Z' };
    const polled = reducer(loaded, conversationsLoaded(listPage([closed, alan])));
    expect(polled.conversations.entities[grace.id]?.window_closes_at).toBe(closed.window_closes_at);
    const done = reducer(polled, conversationsLoaded(listPage([{ ...closed, done: true }, alan])));
    expect(done.conversations.entities[grace.id]?.done).toBe(true);
  });

  it('takes a poll that changes only whether the customer stopped marketing messages', () => {
    const loaded = graceOpen();
    const stopped = { ...grace, unread_count: 0, marketing_stopped_at: '2026-11-20T12:00:00.000Z' };
    const polled = reducer(loaded, conversationsLoaded(listPage([stopped, alan])));
    expect(selectOpenConversation({ inbox: polled })?.marketing_stopped_at).toBe(stopped.marketing_stopped_at);
    const resumed = reducer(polled, conversationsLoaded(listPage([{ ...stopped, marketing_stopped_at: null }, alan])));
    expect(resumed.conversations.entities[grace.id]?.marketing_stopped_at).toBeNull();
  });

  it('narrows what is loaded by name as shown, number and last message until the server answers', () => {
    const loaded = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan])));
    const visible = (search: string) =>
      selectVisibleConversations(root(reducer(loaded, conversationSearchEdited(search)))).map(({ id }) => id);
    expect(visible('GRACE')).toEqual([grace.id]);
    expect(visible('+1555019')).toEqual([alan.id]);
    expect(visible('15550100')).toEqual([grace.id]);
    expect(visible('shop open')).toEqual([alan.id]);
    expect(visible('  ')).toEqual([grace.id, alan.id]);
    expect(visible('nobody')).toEqual([]);
  });

  it('appends the next page once, and keeps it when the poll brings the first page again', () => {
    const ada = aConversation({ id: '15550111@c.us', name: 'Ada Lovelace' });
    const linus = aConversation({ id: '15550122@c.us', name: 'Linus', unread_count: 1 });
    const first = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan], 'cursor-1')));
    expect(first.pages).toEqual({ next: 'cursor-1', more: 'available', deep: false });
    const asked = reducer(first, moreConversationsRequested());
    expect(asked.pages.more).toBe('loading');
    expect(reducer(asked, moreConversationsRequested())).toBe(asked);
    // An answer for another cursor (or another search) is not this page.
    expect(reducer(asked, moreConversationsLoaded({ ...listPage([ada]), query: '', before: 'cursor-0' }))).toBe(asked);
    const more = reducer(
      asked,
      moreConversationsLoaded({ ...listPage([alan, ada, linus], 'cursor-2'), query: '', before: 'cursor-1' }),
    );
    expect(more.conversations.ids).toEqual([grace.id, alan.id, ada.id, linus.id]);
    expect(more.pages).toEqual({ next: 'cursor-2', more: 'available', deep: true });

    // Ada writes again: the poll's first page brings her up; the older pages stay, without her twice.
    const polled = reducer(more, conversationsLoaded(listPage([{ ...ada, last_message: 'Hi' }, grace], 'cursor-9')));
    expect(polled.conversations.ids).toEqual([ada.id, grace.id, alan.id, linus.id]);
    expect(polled.conversations.entities[ada.id].last_message).toBe('Hi');
    expect(polled.pages.next).toBe('cursor-2');

    const failed = reducer(reducer(polled, moreConversationsRequested()), moreConversationsLoadFailed({ query: '' }));
    expect(failed.pages.more).toBe('available');
    const end = reducer(
      reducer(polled, moreConversationsRequested()),
      moreConversationsLoaded({ ...listPage([]), query: '', before: 'cursor-2' }),
    );
    expect(end.pages).toEqual({ next: null, more: 'none', deep: true });
    expect(reducer(end, moreConversationsRequested())).toBe(end);
  });

  it('replaces a list of only the first page by each poll, cursor included', () => {
    const first = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan], 'cursor-1')));
    const polled = reducer(first, conversationsLoaded(listPage([alan], 'cursor-2')));
    expect(polled.conversations.ids).toEqual([alan.id]);
    expect(polled.conversations.entities[grace.id]).toBeUndefined();
    expect(polled.pages).toEqual({ next: 'cursor-2', more: 'available', deep: false });
  });

  it("shows the server's search results for the text typed, and the whole list again for an empty box", () => {
    const ada = aConversation({ id: '15550111@c.us', name: 'Ada Lovelace', last_message: 'Sunday?' });
    const loaded = reduce(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan], 'cursor-1')));
    const typed = reducer(loaded, conversationSearchEdited('sunday'));
    // Until the server answers, what is loaded is narrowed here.
    expect(selectVisibleConversations(root(typed)).map(({ id }) => id)).toEqual([grace.id]);
    const sent = reducer(typed, conversationSearchSent('sunday'));
    expect(sent.searchResults).toMatchObject({ query: 'sunday', status: 'loading' });
    const found = reducer(sent, searchResultsLoaded({ ...listPage([grace, ada], 'found-1'), query: 'sunday' }));
    expect(selectVisibleConversations(root(found)).map(({ id }) => id)).toEqual([grace.id, ada.id]);
    expect(found.conversations.ids).toEqual([grace.id, alan.id]);

    // Its next page belongs to the search.
    const more = reducer(
      reducer(found, moreConversationsRequested()),
      moreConversationsLoaded({ ...listPage([alan]), query: 'sunday', before: 'found-1' }),
    );
    expect(selectVisibleConversations(root(more)).map(({ id }) => id)).toEqual([grace.id, ada.id, alan.id]);
    expect(more.pages.more).toBe('available');

    // A late answer for an older search is ignored; an empty box is the whole list at once.
    expect(reducer(more, searchResultsLoaded({ ...listPage([alan]), query: 'sun' }))).toBe(more);
    const cleared = reducer(more, conversationSearchEdited(''));
    expect(selectVisibleConversations(root(cleared)).map(({ id }) => id)).toEqual([grace.id, alan.id]);
    expect(cleared.searchResults.query).toBe('');
    expect(reducer(cleared, searchResultsLoaded({ ...listPage([ada]), query: 'sunday' }))).toBe(cleared);

    const nothing = reduce(
      conversationsViewOpened(),
      conversationsLoaded(listPage([grace])),
      conversationSearchEdited('zebra'),
      conversationSearchSent('zebra'),
      searchResultsLoaded({ ...listPage([]), query: 'zebra' }),
    );
    expect(selectVisibleConversations(root(nothing))).toEqual([]);
    expect(nothing.searchResults.status).toBe('loaded');
  });

  it('fails a search the server could not answer, and tries it again when it is sent again', () => {
    const failed = reduce(
      conversationsViewOpened(),
      conversationsLoaded(listPage([grace])),
      conversationSearchEdited('zebra'),
      conversationSearchSent('zebra'),
      searchResultsLoadFailed({ query: 'zebra' }),
    );
    expect(failed.searchResults.status).toBe('failed');
    expect(selectSearchStatus(root(failed))).toBe('failed');
    expect(selectSearchStatus(root(reducer(failed, conversationSearchEdited('zebras'))))).toBe('loading');
    expect(reducer(failed, conversationSearchSent('zebra')).searchResults.status).toBe('loading');
    expect(reducer(failed, searchResultsLoadFailed({ query: 'other' }))).toBe(failed);
  });

  it('leaves the badge to the server while pages of the list are not loaded', () => {
    const partial = reduce(
      conversationsViewOpened(),
      unreadCountLoaded(7),
      conversationsLoaded(listPage([grace, alan], 'cursor-1')),
    );
    expect(selectUnreadConversations(root(partial))).toBe(7);
    const opened = reduce(
      conversationsViewOpened(),
      unreadCountLoaded(7),
      conversationsLoaded(listPage([grace, alan], 'cursor-1')),
      conversationOpened(grace.id),
      messagesLoaded(page(grace.id)),
    );
    expect(selectUnreadConversations(root(opened))).toBe(6);
  });

  it('opens a conversation: its messages load oldest first, it reads as read and the mobile list closes', () => {
    const state = graceOpen();
    expect(state.open).toMatchObject({ conversationId: grace.id, status: 'loaded', older: 'none' });
    expect(selectMessages(root(state)).map(({ id }) => id)).toEqual(['wamid.q', 'wamid.a']);
    expect(state.conversations.entities[grace.id].unread_count).toBe(0);
    expect(selectUnreadConversations(root(state))).toBe(0);
    expect(state.mobileListOpen).toBe(false);
    expect(reducer(state, mobileListToggled()).mobileListOpen).toBe(true);
  });

  it('ignores the late answer of a conversation that is no longer open', () => {
    const switched = reduce(conversationsViewOpened(), conversationOpened(grace.id), conversationOpened(alan.id));
    const late = reducer(switched, messagesLoaded(page(grace.id)));
    expect(late).toEqual(switched);
    expect(reducer(switched, messagesLoadFailed({ conversationId: grace.id }))).toEqual(switched);
    expect(reducer(switched, replySent({ conversationId: grace.id, message: answer }))).toEqual(switched);
    expect(late.open).toMatchObject({ conversationId: alan.id, status: 'loading' });
  });

  it('ignores every answer once the view is closed', () => {
    const closed = reducer(graceOpen(), conversationsViewClosed());
    expect(closed.open.conversationId).toBeNull();
    expect(reducer(closed, messagesLoaded(page(grace.id)))).toEqual(closed);
  });

  it('keeps older pages when a poll brings the latest page again', () => {
    const newer = aMessage({ id: 'wamid.n', timestamp: '2026-11-20T10:05:00.000Z' });
    const state = reducer(graceOpen(), messagesLoaded(page(grace.id, [answer, newer])));
    expect(selectMessages(root(state)).map(({ id }) => id)).toEqual(['wamid.q', 'wamid.a', 'wamid.n']);
  });

  it('pages backwards while a full page came back', () => {
    const full = reduce(
      conversationsViewOpened(),
      conversationOpened(grace.id),
      messagesLoaded(page(grace.id, [answer], 1)),
    );
    expect(full.open.older).toBe('available');
    const asked = reducer(full, olderMessagesRequested());
    expect(asked.open.older).toBe('loading');
    const done = reducer(asked, olderMessagesLoaded(page(grace.id, [question], 1)));
    expect(selectMessages(root(done)).map(({ id }) => id)).toEqual(['wamid.q', 'wamid.a']);
    expect(done.open.older).toBe('available');
    expect(
      reducer(reducer(done, olderMessagesRequested()), olderMessagesLoaded(page(grace.id, [], 1))).open.older,
    ).toBe('none');
  });

  it('sets the reply target by Reply and clears it by cancel', () => {
    const chosen = reducer(graceOpen(), replyTargetChosen('wamid.q'));
    expect(selectReplyTarget(root(chosen))?.body).toBe('Do you deliver on Sundays?');
    expect(selectReplyTarget(root(reducer(chosen, replyTargetCleared())))).toBeNull();
    expect(reducer(graceOpen(), replyTargetChosen('wamid.unknown')).open.replyTargetId).toBeNull();
  });

  it('clears the reply target and the draft after a successful send', () => {
    const reply = aMessage({ id: 'wamid.r', body: 'Yes', is_from_us: true, sender: 'human', status: 'sent' });
    const submission = { conversationId: grace.id, text: 'Yes', inReplyToMessageId: 'wamid.q' };
    const sending = reduce(
      ...[conversationsViewOpened(), conversationOpened(grace.id), messagesLoaded(page(grace.id))],
      replyTargetChosen('wamid.q'),
      draftEdited('Yes'),
      replySubmitted(submission),
    );
    expect(sending.open.send.status).toBe('sending');
    const sent = reducer(sending, replySent({ conversationId: grace.id, message: reply }));
    expect(sent.open).toMatchObject({ replyTargetId: null, draft: '', send: { status: 'idle', error: null } });
    expect(sent.open.messages.ids).toContain('wamid.r');
  });

  it('shows a template sent from the Send template dialog as a reply, and clears the draft', () => {
    const writing = reduce(
      ...[conversationsViewOpened(), conversationOpened(grace.id), messagesLoaded(page(grace.id))],
      draftEdited('Yes'),
    );
    const template = aMessage({ id: 'wamid.t', body: 'Hello', is_from_us: true, sender: 'human', status: 'sent' });
    const sent = reducer(writing, templateSent({ conversationId: grace.id, message: template }));
    expect(sent.open).toMatchObject({ draft: '', send: { status: 'idle', error: null } });
    expect(sent.open.messages.ids).toContain('wamid.t');
  });

  it('keeps the draft and the reply target when a send fails', () => {
    const failed = reduce(
      conversationsViewOpened(),
      conversationOpened(grace.id),
      messagesLoaded(page(grace.id)),
      replyTargetChosen('wamid.q'),
      draftEdited('Yes'),
      replySubmitted({ conversationId: grace.id, text: 'Yes', inReplyToMessageId: 'wamid.q' }),
      replyFailed({ conversationId: grace.id, error: 'Graph is down' }),
    );
    expect(failed.open).toMatchObject({
      draft: 'Yes',
      replyTargetId: 'wamid.q',
      send: { status: 'failed', error: 'Graph is down' },
    });
  });

  it.each([
    ['empty', ''],
    ['whitespace-only', ' \n\t '],
  ])('refuses to send %s text and disables send', (_name, text) => {
    const state = reduce(conversationsViewOpened(), conversationOpened(grace.id), draftEdited(text));
    expect(selectCanSend(root(state))).toBe(false);
    const submitted = reducer(state, replySubmitted({ conversationId: grace.id, text, inReplyToMessageId: null }));
    expect(submitted.open.send.status).toBe('idle');
  });

  it('disables send while a send is under way and refuses a second one', () => {
    const sending = reduce(
      conversationsViewOpened(),
      conversationOpened(grace.id),
      draftEdited('Hello'),
      replySubmitted({ conversationId: grace.id, text: 'Hello', inReplyToMessageId: null }),
    );
    expect(selectCanSend(root(sending))).toBe(false);
    expect(
      selectCanSend(root(reduce(conversationsViewOpened(), conversationOpened(grace.id), draftEdited('Hi')))),
    ).toBe(true);
  });

  it('hides a deleted message and forgets it as the reply target', () => {
    const chosen = reducer(graceOpen(), replyTargetChosen('wamid.a'));
    const hidden = reducer(chosen, messageHidden({ conversationId: grace.id, messageId: 'wamid.a' }));
    expect(hidden.open.messages.ids).toEqual(['wamid.q']);
    expect(hidden.open.replyTargetId).toBeNull();
  });

  it('takes the unread count the server reports, and forgets everything on sign-out', () => {
    expect(reducer(graceOpen(), unreadCountLoaded(4)).unreadConversations).toBe(4);
    expect(reducer(graceOpen(), loggedOut())).toEqual(reduce());
  });
});

describe('the list filters', () => {
  const needsYou = { ...grace, needs_you: true };

  it('starts on All; another filter drops what was loaded and loads its own first page', () => {
    const all = reduce(conversationsViewOpened(), conversationsLoaded(listPage([needsYou, alan], 'cursor-1')));
    expect(all.filter).toBe('all');
    const chosen = reducer(all, conversationFilterChosen('needs_you'));
    expect(chosen).toMatchObject({ filter: 'needs_you', conversationsStatus: 'loading' });
    expect(chosen.conversations.ids).toEqual([]);
    expect(chosen.pages).toEqual({ next: null, more: 'none', deep: false });
    const loaded = reducer(chosen, conversationsLoaded({ ...listPage([needsYou]), filter: 'needs_you' }));
    expect(loaded.conversations.ids).toEqual([grace.id]);
    expect(reducer(loaded, conversationFilterChosen('needs_you'))).toBe(loaded);
  });

  it('drops a page of another filter than the one on screen (a poll that was on its way)', () => {
    const chosen = reduce(conversationsViewOpened(), conversationFilterChosen('unread'));
    expect(reducer(chosen, conversationsLoaded(listPage([alan])))).toBe(chosen);
    expect(reducer(chosen, searchResultsLoaded({ ...listPage([alan]), query: 'shop', filter: 'needs_you' }))).toBe(
      chosen,
    );
  });

  it("keeps the server's unread count under a filter: the list loaded is not all of them", () => {
    const state = reduce(
      conversationsViewOpened(),
      unreadCountLoaded(7),
      conversationFilterChosen('needs_you'),
      conversationsLoaded({ ...listPage([needsYou]), filter: 'needs_you' }),
    );
    expect(selectUnreadConversations(root(state))).toBe(7);
  });

  it('lets a conversation that no longer fits the filter leave at once, unless it is open', () => {
    const state = reduce(
      conversationsViewOpened(),
      conversationFilterChosen('needs_you'),
      conversationsLoaded({ ...listPage([needsYou, { ...alan, needs_you: true }]), filter: 'needs_you' }),
    );
    const answered = reducer(
      state,
      conversationsLoaded({
        ...listPage([
          { ...needsYou, needs_you: false },
          { ...alan, needs_you: true },
        ]),
        filter: 'needs_you',
      }),
    );
    expect(selectVisibleConversations(root(answered)).map(({ id }) => id)).toEqual([alan.id]);
    const open = reducer(answered, conversationOpened(grace.id));
    expect(selectVisibleConversations(root(open)).map(({ id }) => id)).toEqual([grace.id, alan.id]);
  });
});
