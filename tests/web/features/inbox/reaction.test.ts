import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { inboxApi } from '../../../../src/api/inbox';
import { INBOX_TEXTS } from '../../../../src/features/inbox/format';
import { sendReaction } from '../../../../src/features/inbox/reactionSaga';
import { selectMessages, selectReacting } from '../../../../src/features/inbox/selectors';
import inboxSlice, {
  conversationClosed,
  conversationOpened,
  messagesLoaded,
  reactionFailed,
  reactionPicked,
  reactionSent,
} from '../../../../src/features/inbox/slice';
import type { InboxState } from '../../../../src/features/inbox/state';
import { toastShown } from '../../../../src/features/toasts/slice';
import { stateAfter, testReducer } from '../../support/store';
import { aConversation, aMessage } from '../../support/fixtures/inbox';

const reducer = inboxSlice.reducer;
type InboxAction = Parameters<typeof reducer>[1];
const reduce = (...actions: InboxAction[]): InboxState =>
  actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
const root = (inbox: InboxState) => ({ inbox });

const grace = aConversation({ id: '15550100@c.us' });
const question = aMessage({ id: 'wamid.q' });
const liked = aMessage({ id: 'wamid.liked', reactions: [{ emoji: '👍', from_us: true }] });
const answer = aMessage({ id: 'wamid.a', is_from_us: true, sender: 'human', status: 'sent' });
const opened = [
  conversationOpened(grace.id),
  messagesLoaded({ conversationId: grace.id, messages: [question, liked, answer], pageSize: 50 }),
];
const pick = (messageId: string, emoji: string) => reactionPicked({ conversationId: grace.id, messageId, emoji });

describe('the reaction machine', () => {
  it("puts a picked emoji on its way to a customer's message", () => {
    const state = reduce(...opened, pick(question.id, '❤️'));
    expect(selectReacting(root(state), question.id)).toEqual({ requestId: expect.any(String), emoji: '❤️' });
  });

  it('takes the owner’s reaction back when the emoji already set is picked again', () => {
    const state = reduce(...opened, pick(liked.id, '👍'));
    expect(selectReacting(root(state), liked.id)?.emoji).toBe('');
    expect(selectReacting(root(reduce(...opened, pick(liked.id, '😂'))), liked.id)?.emoji).toBe('😂');
  });

  it('refuses our own messages, unknown ones, another conversation’s, and a second pick while one is on its way', () => {
    expect(reduce(...opened, pick(answer.id, '👍')).open.reacting).toEqual({});
    expect(reduce(...opened, pick('wamid.unknown', '👍')).open.reacting).toEqual({});
    const elsewhere = reactionPicked({ conversationId: '15550199@c.us', messageId: question.id, emoji: '👍' });
    expect(reduce(...opened, elsewhere).open.reacting).toEqual({});
    const first = reactionPicked({ conversationId: grace.id, messageId: question.id, emoji: '👍' });
    const second = reactionPicked({ conversationId: grace.id, messageId: question.id, emoji: '🙏' });
    expect(selectReacting(root(reduce(...opened, first, second)), question.id)).toEqual({
      requestId: first.payload.requestId,
      emoji: '👍',
    });
  });

  it('shows the message as the server answered it once sent, and forgets a late answer', () => {
    const reacted = { ...question, reactions: [{ emoji: '❤️', from_us: true }] };
    const sent = reduce(
      ...opened,
      pick(question.id, '❤️'),
      reactionSent({ conversationId: grace.id, message: reacted }),
    );
    expect(sent.open.reacting).toEqual({});
    expect(selectMessages(root(sent)).find((message) => message.id === question.id)?.reactions).toEqual([
      { emoji: '❤️', from_us: true },
    ]);
    // Nothing was on its way (or the conversation was closed meanwhile): the answer changes nothing.
    const late = reduce(...opened, reactionSent({ conversationId: grace.id, message: reacted }));
    expect(selectMessages(root(late)).find((message) => message.id === question.id)?.reactions).toEqual([]);
    const closed = reduce(
      ...opened,
      pick(question.id, '❤️'),
      conversationClosed(),
      reactionSent({ conversationId: grace.id, message: reacted }),
    );
    expect(closed.open.messages.ids).toEqual([]);
  });

  it('lets the owner pick again after a failure', () => {
    const failed = reduce(
      ...opened,
      pick(question.id, '❤️'),
      reactionFailed({ conversationId: grace.id, messageId: question.id, error: 'No.' }),
    );
    expect(failed.open.reacting).toEqual({});
    expect(selectReacting(root(reducer(failed, pick(question.id, '🙏'))), question.id)?.emoji).toBe('🙏');
  });
});

describe('sendReaction', () => {
  const toast = (title: string, description: string) => ({
    action: { type: toastShown.type, payload: { title, description, variant: 'destructive' } },
  });

  it('sends the emoji the machine decided on and shows the answered message', async () => {
    const action = reactionPicked({ conversationId: grace.id, messageId: liked.id, emoji: '👍' });
    const unliked = { ...liked, reactions: [] };
    const { storeState } = await expectSaga(sendReaction, action)
      .withReducer(testReducer, stateAfter(...opened, action))
      .provide([[matchers.call.fn(inboxApi.react), unliked]])
      .call(inboxApi.react, 'token', grace.id, liked.id, '')
      .put(reactionSent({ conversationId: grace.id, message: unliked }))
      .run();
    expect(selectReacting(storeState, liked.id)).toBeUndefined();
  });

  it('sends nothing for a pick the machine refused', async () => {
    const first = reactionPicked({ conversationId: grace.id, messageId: question.id, emoji: '👍' });
    const refused = reactionPicked({ conversationId: grace.id, messageId: question.id, emoji: '🙏' });
    await expectSaga(sendReaction, refused)
      .withReducer(testReducer, stateAfter(...opened, first, refused))
      .provide([[matchers.call.fn(inboxApi.react), question]])
      .not.call.fn(inboxApi.react)
      .run();
  });

  it('says why in a toast when WhatsApp refuses, and lets the owner try again', async () => {
    const action = reactionPicked({ conversationId: grace.id, messageId: question.id, emoji: '👍' });
    const closed = 'More than 24 hours have passed since this customer last wrote.';
    const { storeState } = await expectSaga(sendReaction, action)
      .withReducer(testReducer, stateAfter(...opened, action))
      .provide([[matchers.call.fn(inboxApi.react), throwError(new ApiError(closed, 409))]])
      .put(reactionFailed({ conversationId: grace.id, messageId: question.id, error: closed }))
      .put.like(toast(INBOX_TEXTS.reactionFailed, closed))
      .run();
    expect(selectReacting(storeState, question.id)).toBeUndefined();
  });
});
