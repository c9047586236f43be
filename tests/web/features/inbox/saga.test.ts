import { all, call } from 'typed-redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { Conversation, Message } from '../../../../contract';
import { ApiError } from '../../../../src/api/client';
import { inboxApi, type ConversationsPage, type LatestMessages } from '../../../../src/api/inbox';
import { INBOX_TEXTS } from '../../../../src/features/inbox/format';
import {
  conversationClosed,
  conversationOpened,
  conversationSearchEdited,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsViewClosed,
  conversationsViewOpened,
  draftEdited,
  messageCopyClicked,
  messageDeleteClicked,
  messageHidden,
  messagesLoaded,
  moreConversationsLoaded,
  moreConversationsRequested,
  replyFailed,
  replySent,
  replySubmitted,
} from '../../../../src/features/inbox/slice';
import { toastShown } from '../../../../src/features/toasts/slice';
import { MESSAGES_PAGE_SIZE, watchOpenConversation } from '../../../../src/features/inbox/conversationSaga';
import {
  CONVERSATIONS_PAGE_SIZE,
  conversationsView,
  INBOX_LIST_RETRIES,
  INBOX_LIST_RETRY_DELAY_MS,
  INBOX_POLL_INTERVAL_MS,
  loadConversations,
  SEARCH_DEBOUNCE_MS,
  watchConversationsView,
} from '../../../../src/features/inbox/listSaga';
import { copyMessage, hideMessage, sendReply, writeToClipboard } from '../../../../src/features/inbox/replySaga';
import { reportConversationOnScreen } from '../../../../src/features/inbox/saga';
import { conversationOnScreen } from '../../../../src/features/live/inboxEvents';
import { watchInbox } from '../../../../src/features/inbox/saga';
import { keepFresh } from '../../../../src/features/live/freshWhileShown';
import type { RootState } from '../../../../src/store';
import { stateAfter, testReducer } from '../../support/store';
import { aConversation, aMessage } from '../../support/fixtures/inbox';
import { controlledTime, DELAY_FN, noDelays, settle, STOP, untilStopped } from '../../support/saga-time';

/** The list's poll on its own, as /messages runs it while the view is open. */
const pollConversations = () => keepFresh(conversationsView);

const grace = aConversation({ id: '15550100@c.us', unread_count: 1 });
const alan = aConversation({ id: '15550199@c.us', name: 'Alan Turing' });
const question = aMessage({ id: 'wamid.q' });
const reply = aMessage({ id: 'wamid.r', body: 'Yes, until noon.', is_from_us: true, sender: 'human', status: 'sent' });

/** A page of the list as inboxApi.conversations answers it. */
const listPage = (conversations: Conversation[], next: string | null = null): ConversationsPage => ({
  conversations,
  next,
});

/** The latest page of messages as inboxApi.latestMessages answers it. */
const latest = (messages: Message[], etag: string | null = null): LatestMessages => ({ messages, etag });

/** Starts `saga` with the test's controls; `stop()` ends it and waits for it to finish. */
function started(saga: ReturnType<typeof expectSaga>) {
  const finished = saga.run({ timeout: 10_000, silenceTimeout: true });
  return {
    dispatch: (action: Parameters<typeof saga.dispatch>[0]) => saga.dispatch(action),
    async stop() {
      saga.dispatch(STOP);
      return finished;
    },
  };
}

/** Counts the calls of an API function and answers each with `answer`. */
function counted<T>(answer: () => T) {
  const calls: unknown[][] = [];
  return {
    calls,
    provider: dynamic(({ args }: { args: unknown[] }) => {
      calls.push(args);
      return answer();
    }),
  };
}

const toast = (title: string, description: string, variant: 'success' | 'destructive') => ({
  action: { type: toastShown.type, payload: { title, description, variant } },
});

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => jest.restoreAllMocks());

function changeVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the conversation list request', () => {
  it('retries 3 times, 1 s apart, then fails', async () => {
    const list = counted(() => {
      throw new ApiError('Server down', 503);
    });
    const delays: number[] = [];
    await expectSaga(loadConversations)
      .withReducer(testReducer, stateAfter(conversationsViewOpened()))
      .provide([
        [matchers.call.fn(inboxApi.conversations), list.provider],
        [matchers.call.fn(DELAY_FN), dynamic(({ args: [ms] }: { args: [number] }) => void delays.push(ms))],
      ])
      .put(conversationsLoadFailed())
      .not.put.actionType(conversationsLoaded.type)
      .hasFinalState({ ...stateAfter(conversationsViewOpened(), conversationsLoadFailed()) })
      .run();
    expect(INBOX_LIST_RETRIES).toBe(3);
    expect(list.calls).toEqual(Array(4).fill(['token', { limit: CONVERSATIONS_PAGE_SIZE }]));
    expect(CONVERSATIONS_PAGE_SIZE).toBe(50);
    expect(delays).toEqual([INBOX_LIST_RETRY_DELAY_MS, INBOX_LIST_RETRY_DELAY_MS, INBOX_LIST_RETRY_DELAY_MS]);
    expect(INBOX_LIST_RETRY_DELAY_MS).toBe(1000);
  });

  it('shows the list when a retry succeeds', async () => {
    let attempts = 0;
    await expectSaga(loadConversations)
      .withReducer(testReducer, stateAfter(conversationsViewOpened()))
      .provide([
        [
          matchers.call.fn(inboxApi.conversations),
          dynamic(() => {
            attempts += 1;
            if (attempts < 3) throw new ApiError('Bad gateway', 502);
            return listPage([grace]);
          }),
        ],
        noDelays,
      ])
      .put(conversationsLoaded(listPage([grace])))
      .not.put(conversationsLoadFailed())
      .run();
    expect(attempts).toBe(3);
  });
});

describe('inbox polling', () => {
  it('polls the list every 3 s from view opened until view closed', async () => {
    const time = controlledTime();
    const list = counted(() => listPage([grace]));
    const saga = started(
      expectSaga(untilStopped, watchConversationsView)
        .withReducer(testReducer, stateAfter())
        .provide([[matchers.call.fn(inboxApi.conversations), list.provider], time.provider]),
    );
    await settle();
    expect(list.calls).toHaveLength(0);

    saga.dispatch(conversationsViewOpened());
    await settle();
    expect(list.calls).toHaveLength(1);
    expect(time.waiting.map(({ ms }) => ms)).toEqual([INBOX_POLL_INTERVAL_MS]);
    expect(INBOX_POLL_INTERVAL_MS).toBe(3000);

    await time.pass();
    expect(list.calls).toHaveLength(2);

    saga.dispatch(conversationsViewClosed());
    await settle();
    await time.pass();
    expect(list.calls).toHaveLength(2);

    saga.dispatch(conversationsViewOpened());
    await settle();
    expect(list.calls).toHaveLength(3);
    await saga.stop();
  });

  it('pauses while the tab is hidden and polls at once when it is visible again', async () => {
    const time = controlledTime();
    const list = counted(() => listPage([grace]));
    const saga = started(
      expectSaga(untilStopped, pollConversations)
        .withReducer(testReducer, stateAfter(conversationsViewOpened()))
        .provide([[matchers.call.fn(inboxApi.conversations), list.provider], time.provider]),
    );
    await settle();
    expect(list.calls).toHaveLength(1);

    changeVisibility('hidden');
    await time.pass();
    await time.pass();
    expect(list.calls).toHaveLength(1);
    expect(time.waiting).toHaveLength(0);

    changeVisibility('visible');
    await settle();
    expect(list.calls).toHaveLength(2);
    await saga.stop();
  });

  it('polls the open conversation until it is closed, and moves to another one when it is opened', async () => {
    const time = controlledTime();
    const messages = counted(() => latest([question]));
    const saga = started(
      expectSaga(untilStopped, watchOpenConversation)
        .withReducer(testReducer, stateAfter(conversationsViewOpened()))
        .provide([[matchers.call.fn(inboxApi.latestMessages), messages.provider], time.provider]),
    );
    saga.dispatch(conversationOpened(grace.id));
    await settle();
    expect(messages.calls).toEqual([['token', grace.id, MESSAGES_PAGE_SIZE, undefined]]);

    saga.dispatch(conversationOpened(alan.id));
    await settle();
    expect(messages.calls.map(([, id]) => id)).toEqual([grace.id, alan.id]);

    // Grace's wait was cancelled with her poll; only Alan's loop goes on.
    await time.pass();
    await time.pass();
    expect(messages.calls.map(([, id]) => id)).toEqual([grace.id, alan.id, alan.id]);

    saga.dispatch(conversationClosed());
    await settle();
    await time.pass();
    expect(messages.calls).toHaveLength(3);
    await saga.stop();
  });

  it("sends the page's ETag back, and an unchanged answer (304) dispatches nothing", async () => {
    const time = controlledTime();
    const answers: Array<LatestMessages | null> = [latest([question], '"v1"'), null, null];
    const messages = counted(() => (answers.length ? answers.shift() : latest([question, reply], '"v2"')));
    const pages: Array<ConversationsPage | null> = [{ ...listPage([grace]), etag: '"l1"' }, null];
    const list = counted(() => (pages.length ? pages.shift() : null));
    const saga = started(
      expectSaga(untilStopped, function* () {
        yield* all([call(watchConversationsView), call(watchOpenConversation)]);
      })
        .withReducer(testReducer, stateAfter())
        .provide([
          [matchers.call.fn(inboxApi.latestMessages), messages.provider],
          [matchers.call.fn(inboxApi.conversations), list.provider],
          time.provider,
        ]),
    );
    saga.dispatch(conversationsViewOpened());
    saga.dispatch(conversationOpened(grace.id));
    await settle();
    // Two loops wait in turn: six passes are three polls of each.
    for (let pass = 0; pass < 6; pass++) await time.pass();
    const { effects } = await saga.stop();
    expect(messages.calls.map(([, , , etag]) => etag)).toEqual([undefined, '"v1"', '"v1"', '"v1"']);
    expect(list.calls.map(([, , etag]) => etag)).toEqual([undefined, '"l1"', '"l1"', '"l1"']);
    const loaded = (effects.put ?? [])
      .map(({ payload }) => payload.action as { type: string })
      .filter((action) => messagesLoaded.match(action) || conversationsLoaded.match(action));
    // One list and one page at first; then only the changed page (the 4th answer) is dispatched.
    expect(loaded.map((action) => action.type)).toEqual([
      conversationsLoaded.type,
      messagesLoaded.type,
      messagesLoaded.type,
    ]);
  });

  it('ignores the late answer of a conversation that was left while it was on its way', async () => {
    let answerGrace: (messages: LatestMessages) => void = () => undefined;
    const saga = started(
      expectSaga(untilStopped, watchOpenConversation)
        .withReducer(testReducer, stateAfter(conversationsViewOpened()))
        .provide([
          [
            matchers.call.fn(inboxApi.latestMessages),
            dynamic(({ args: [, id] }: { args: [string, string] }) =>
              id === grace.id ? new Promise<LatestMessages>((resolve) => (answerGrace = resolve)) : latest([reply]),
            ),
          ],
          controlledTime().provider,
        ]),
    );
    saga.dispatch(conversationOpened(grace.id));
    await settle();
    saga.dispatch(conversationOpened(alan.id));
    await settle();
    answerGrace(latest([question]));
    await settle();
    const { storeState, effects } = await saga.stop();
    const loadedFor = (effects.put ?? [])
      .map(({ payload }) => payload.action)
      .filter((action) => messagesLoaded.match(action))
      .map((action) => action.payload.conversationId);
    expect(loadedFor).toEqual([alan.id]);
    const inbox = (storeState as RootState).inbox;
    expect(inbox.open.conversationId).toBe(alan.id);
    expect(inbox.open.messages.ids).toEqual([reply.id]);
  });
});

describe('pages of the list', () => {
  const ada = aConversation({ id: '15550111@c.us', name: 'Ada Lovelace' });
  const linus = aConversation({ id: '15550122@c.us', name: 'Linus' });

  it('asks for the next page once per cursor and appends it', async () => {
    const answers = [listPage([ada], 'cursor-2'), listPage([linus])];
    const pages = counted(() => Promise.resolve(answers.shift()));
    const saga = started(
      expectSaga(untilStopped, watchInbox)
        .withReducer(
          testReducer,
          stateAfter(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan], 'cursor-1'))),
        )
        .provide([[matchers.call.fn(inboxApi.conversations), pages.provider], controlledTime().provider]),
    );
    await settle();
    // Scrolling past the end several times while the page is on its way asks once.
    saga.dispatch(moreConversationsRequested());
    saga.dispatch(moreConversationsRequested());
    await settle();
    saga.dispatch(moreConversationsRequested());
    await settle();
    saga.dispatch(moreConversationsRequested());
    await settle();
    saga.dispatch(moreConversationsRequested());
    await settle();
    const { storeState } = await saga.stop();
    expect(pages.calls).toEqual([
      ['token', { limit: CONVERSATIONS_PAGE_SIZE, before: 'cursor-1' }],
      ['token', { limit: CONVERSATIONS_PAGE_SIZE, before: 'cursor-2' }],
    ]);
    const inbox = (storeState as RootState).inbox;
    expect(inbox.conversations.ids).toEqual([grace.id, alan.id, ada.id, linus.id]);
    expect(inbox.pages).toEqual({ next: null, more: 'none', deep: true });
  });

  it("pages the search's results with its query", async () => {
    await expectSaga(watchInbox)
      .withReducer(
        testReducer,
        stateAfter(
          conversationsViewOpened(),
          conversationsLoaded(listPage([grace])),
          conversationSearchEdited('sunday'),
        ),
      )
      .provide([
        [
          matchers.call.fn(inboxApi.conversations),
          dynamic(({ args: [, query] }: { args: [string, { before?: string }] }) =>
            query.before ? listPage([linus]) : listPage([ada], 'found-1'),
          ),
        ],
        noDelays,
      ])
      .dispatch(conversationSearchEdited('sunday'))
      .delay(10)
      .dispatch(moreConversationsRequested())
      .call(inboxApi.conversations, 'token', { limit: CONVERSATIONS_PAGE_SIZE, q: 'sunday' }, undefined)
      .call(inboxApi.conversations, 'token', { limit: CONVERSATIONS_PAGE_SIZE, before: 'found-1', q: 'sunday' })
      .put(moreConversationsLoaded({ ...listPage([linus]), query: 'sunday', before: 'found-1' }))
      .run({ timeout: 200, silenceTimeout: true });
  });

  it('keeps the older pages when the poll brings the first page again', async () => {
    const time = controlledTime();
    const first = listPage([{ ...ada, last_message: 'Back again' }, grace], 'cursor-9');
    const list = counted(() => first);
    const saga = started(
      expectSaga(untilStopped, pollConversations)
        .withReducer(
          testReducer,
          stateAfter(
            conversationsViewOpened(),
            conversationsLoaded(listPage([grace, alan], 'cursor-1')),
            moreConversationsRequested(),
            moreConversationsLoaded({ ...listPage([ada, linus], 'cursor-2'), query: '', before: 'cursor-1' }),
          ),
        )
        .provide([[matchers.call.fn(inboxApi.conversations), list.provider], time.provider]),
    );
    await settle();
    await time.pass();
    const { storeState } = await saga.stop();
    expect(list.calls).toEqual(Array(2).fill(['token', { limit: CONVERSATIONS_PAGE_SIZE }]));
    const inbox = (storeState as RootState).inbox;
    expect(inbox.conversations.ids).toEqual([ada.id, grace.id, alan.id, linus.id]);
    expect(inbox.conversations.entities[ada.id].last_message).toBe('Back again');
    expect(inbox.pages.next).toBe('cursor-2');
  });
});

describe('searching', () => {
  /** The inbox listing Grace and Alan, with time under the test's control; every search answers Grace. */
  function searchingInbox() {
    const time = controlledTime();
    const list = counted(() => listPage([grace]));
    const saga = started(
      expectSaga(untilStopped, watchInbox)
        .withReducer(testReducer, stateAfter(conversationsViewOpened(), conversationsLoaded(listPage([grace, alan]))))
        .provide([[matchers.call.fn(inboxApi.conversations), list.provider], time.provider]),
    );
    return { time, list, saga };
  }

  it('asks the server once typing pauses for 300 ms, only for the latest text', async () => {
    const { time, list, saga } = searchingInbox();
    await settle();
    for (const text of ['g', 'gr', 'gra']) {
      saga.dispatch(conversationSearchEdited(text));
      await settle();
    }
    // Each edit cancelled the wait of the one before it: only the last one's is still running.
    expect(time.waiting.map(({ ms }) => ms)).toEqual([SEARCH_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS]);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(list.calls).toEqual([]);
    await time.pass();
    await time.pass();
    expect(list.calls).toEqual([]);
    await time.pass();
    expect(list.calls).toEqual([['token', { limit: CONVERSATIONS_PAGE_SIZE, q: 'gra' }]]);

    // An empty box asks nothing: the whole list shows again.
    saga.dispatch(conversationSearchEdited('  '));
    await settle();
    expect(time.waiting).toHaveLength(0);
    const { storeState } = await saga.stop();
    expect(list.calls).toHaveLength(1);
    expect((storeState as RootState).inbox.searchResults.query).toBe('');
  });

  it('refreshes the search results with the list while a search is on', async () => {
    const { time, list, saga } = searchingInbox();
    await settle();
    saga.dispatch(conversationSearchEdited('grace'));
    await settle();
    await time.pass();
    saga.dispatch(conversationsViewOpened());
    await settle();
    const { storeState } = await saga.stop();
    // The poll sends each page's ETag back (the search's only while the query is the same).
    expect(list.calls).toEqual([
      ['token', { limit: CONVERSATIONS_PAGE_SIZE, q: 'grace' }, undefined],
      ['token', { limit: CONVERSATIONS_PAGE_SIZE }, undefined],
      ['token', { limit: CONVERSATIONS_PAGE_SIZE, q: 'grace' }, null],
    ]);
    expect((storeState as RootState).inbox.searchResults).toMatchObject({ query: 'grace', status: 'loaded' });
  });
});

describe('sending a reply', () => {
  const submission = { conversationId: grace.id, text: '  Yes, until noon.  ', inReplyToMessageId: question.id };
  const opened = () =>
    stateAfter(
      conversationsViewOpened(),
      conversationOpened(grace.id),
      messagesLoaded({ conversationId: grace.id, messages: [question], pageSize: MESSAGES_PAGE_SIZE }),
      draftEdited(submission.text),
      replySubmitted(submission),
    );

  it('sends the quote, then refreshes the messages and the list at once', async () => {
    const { storeState } = await expectSaga(sendReply, replySubmitted(submission))
      .withReducer(testReducer, opened())
      .provide([
        [matchers.call.fn(inboxApi.reply), reply],
        [matchers.call.fn(inboxApi.latestMessages), latest([question, reply])],
        [matchers.call.fn(inboxApi.conversations), listPage([grace])],
      ])
      .call(inboxApi.reply, 'token', grace.id, { text: 'Yes, until noon.', in_reply_to_message_id: question.id })
      .put(replySent({ conversationId: grace.id, message: reply }))
      .call(inboxApi.latestMessages, 'token', grace.id, MESSAGES_PAGE_SIZE, undefined)
      .call(inboxApi.conversations, 'token', { limit: CONVERSATIONS_PAGE_SIZE }, undefined)
      .run();
    expect((storeState as RootState).inbox.open).toMatchObject({ draft: '', replyTargetId: null });
  });

  it('sends no quote when there is no reply target', async () => {
    await expectSaga(sendReply, replySubmitted({ ...submission, inReplyToMessageId: null }))
      .withReducer(testReducer, opened())
      .provide([
        [matchers.call.fn(inboxApi.reply), reply],
        [matchers.call.fn(inboxApi.latestMessages), latest([question, reply])],
        [matchers.call.fn(inboxApi.conversations), listPage([grace])],
      ])
      .call(inboxApi.reply, 'token', grace.id, { text: 'Yes, until noon.' })
      .run();
  });

  it("shows the server's reason when the send is refused, and keeps the draft", async () => {
    const reason =
      'More than 24 hours have passed since this customer last wrote; WhatsApp only allows template messages now.';
    const { storeState } = await expectSaga(sendReply, replySubmitted(submission))
      .withReducer(testReducer, opened())
      .provide([
        [matchers.call.fn(inboxApi.reply), throwError(new ApiError(reason, 409))],
        [matchers.call.fn(inboxApi.latestMessages), latest([question])],
      ])
      .put(replyFailed({ conversationId: grace.id, error: reason }))
      .put.like(toast(INBOX_TEXTS.sendFailed, reason, 'destructive'))
      .not.call.fn(inboxApi.conversations)
      .run();
    expect((storeState as RootState).inbox.open.draft).toBe(submission.text);
  });

  it('sends nothing when the reducer refused the submission', async () => {
    const blank = { ...submission, text: '   ' };
    await expectSaga(sendReply, replySubmitted(blank))
      .withReducer(
        testReducer,
        stateAfter(conversationsViewOpened(), conversationOpened(grace.id), replySubmitted(blank)),
      )
      .not.call.fn(inboxApi.reply)
      .run();
  });
});

describe('the message menu', () => {
  it('copies a message and says so', async () => {
    await expectSaga(copyMessage, messageCopyClicked({ text: 'Hello' }))
      .provide([[matchers.call.fn(writeToClipboard), undefined]])
      .call(writeToClipboard, 'Hello')
      .put.like(toast('Message copied', 'Message copied to clipboard', 'success'))
      .run();
  });

  it('says so when the clipboard refuses', async () => {
    await expectSaga(copyMessage, messageCopyClicked({ text: 'Hello' }))
      .provide([[matchers.call.fn(writeToClipboard), throwError(new Error('denied'))]])
      .put.like(toast('Failed to copy', 'Could not copy message to clipboard', 'destructive'))
      .run();
  });

  it('hides a deleted message once the server has hidden it', async () => {
    const ref = { conversationId: grace.id, messageId: reply.id };
    await expectSaga(hideMessage, messageDeleteClicked(ref))
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(inboxApi.hideMessage), undefined]])
      .call(inboxApi.hideMessage, 'token', grace.id, reply.id)
      .put(messageHidden(ref))
      .run();
  });

  it('keeps the message and says why when the server refuses to hide it', async () => {
    const ref = { conversationId: grace.id, messageId: question.id };
    await expectSaga(hideMessage, messageDeleteClicked(ref))
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(inboxApi.hideMessage), throwError(new ApiError('Message not found.', 404))]])
      .not.put(messageHidden(ref))
      .put.like(toast(INBOX_TEXTS.deleteFailed, 'Message not found.', 'destructive'))
      .run();
  });
});

describe('the conversation on screen, told to the shell', () => {
  it('names the open conversation, and none once /messages is left', async () => {
    await expectSaga(reportConversationOnScreen)
      .withReducer(testReducer, stateAfter(conversationsViewOpened(), conversationOpened('1@c.us')))
      .put(conversationOnScreen('1@c.us'))
      .run();
    await expectSaga(reportConversationOnScreen)
      .withReducer(
        testReducer,
        stateAfter(conversationsViewOpened(), conversationOpened('1@c.us'), conversationsViewClosed()),
      )
      .put(conversationOnScreen(null))
      .run();
  });
});
