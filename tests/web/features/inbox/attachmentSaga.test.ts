import { buffers, channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { Message } from '../../../../contract';
import { MEDIA_ERRORS } from '../../../../contract/media';
import type { FormUploadEvent } from '../../../../src/api/upload';
import { requireAccessToken } from '../../../../src/features/auth/session';
import { heldAttachment, holdAttachment } from '../../../../src/features/inbox/attachmentFile';
import { mediaSendChannel, sendAttachment, watchAttachments } from '../../../../src/features/inbox/attachmentSaga';
import { INBOX_TEXTS } from '../../../../src/features/inbox/format';
import { loadMessages, MESSAGES_PAGE_SIZE } from '../../../../src/features/inbox/conversationSaga';
import { loadConversations } from '../../../../src/features/inbox/listSaga';
import { selectAttachment, selectAttachmentProblem } from '../../../../src/features/inbox/selectors';
import {
  attachmentChosen,
  attachmentFailed,
  attachmentProgressed,
  attachmentSent,
  attachmentSubmitted,
  conversationOpened,
  conversationsLoaded,
  conversationsViewOpened,
  messagesLoaded,
} from '../../../../src/features/inbox/slice';
import { toastShown } from '../../../../src/features/toasts/slice';
import type { RootState } from '../../../../src/store';
import { fileOf } from '../../support/fake-xhr';
import { aConversation, aMessage } from '../../support/fixtures/inbox';
import { stateAfter, testReducer } from '../../support/store';

const MB = 1024 * 1024;
const grace = aConversation({ id: '15550100@c.us' });
const question = aMessage({ id: 'wamid.q' });
const menu = fileOf('spring-menu.pdf', 2048);
const sentMenu = aMessage({
  id: 'wamid.menu',
  body: 'Our spring menu',
  is_from_us: true,
  sender: 'human',
  status: 'sent',
});

/** Grace's chat open with `file` attached (its facts in the store, the bytes held aside), as the composer leaves it. */
function chatWithAttachment(file: Pick<File, 'name' | 'size' | 'type'>, id: string) {
  return stateAfter(
    conversationsViewOpened(),
    conversationsLoaded({ conversations: [grace], next: null }),
    conversationOpened(grace.id),
    messagesLoaded({ conversationId: grace.id, messages: [question], pageSize: MESSAGES_PAGE_SIZE }),
    attachmentChosen({ conversationId: grace.id, id, name: file.name, size: file.size, type: file.type }),
  );
}

/** The transfer's events, all at once: the saga reads them from the channel as the XHR would emit them. */
function transferOf(...events: FormUploadEvent<Message>[]) {
  const transfer = channel<FormUploadEvent<Message>>(buffers.expanding(events.length));
  events.forEach((event) => transfer.put(event));
  return transfer;
}

const submitted = attachmentSubmitted({
  conversationId: grace.id,
  caption: 'Our spring menu',
  inReplyToMessageId: null,
});

/** What the composer does on Send: the reducer takes the submission, then the saga runs with it. */
function runSubmitted(state: RootState, transfer: ReturnType<typeof transferOf>) {
  return expectSaga(sendAttachment, submitted)
    .withReducer(testReducer, testReducer(state, submitted))
    .provide([
      [matchers.call.fn(requireAccessToken), 'token'],
      [matchers.call.fn(mediaSendChannel), transfer],
      [matchers.call.fn(loadMessages), undefined],
      [matchers.call.fn(loadConversations), undefined],
    ]);
}

describe('sending an attachment', () => {
  it('uploads the file with its caption, reports the progress, then shows the sent message and refreshes', async () => {
    const id = holdAttachment(menu);
    const transfer = transferOf(
      { type: 'progressed', percent: 40 },
      { type: 'progressed', percent: 100 },
      { type: 'done', result: sentMenu },
    );

    const { storeState } = await runSubmitted(chatWithAttachment(menu, id), transfer)
      .call(mediaSendChannel, {
        token: 'token',
        conversationId: grace.id,
        file: menu,
        caption: 'Our spring menu',
        inReplyToMessageId: null,
      })
      .put(attachmentProgressed({ id, percent: 40 }))
      .put(attachmentProgressed({ id, percent: 100 }))
      .put(attachmentSent({ conversationId: grace.id, id, message: sentMenu }))
      .call(loadMessages, grace.id)
      .call(loadConversations)
      .run();

    expect(selectAttachment(storeState)).toBeNull();
    expect(storeState.inbox.open.messages.entities[sentMenu.id]).toEqual(sentMenu);
    expect(storeState.inbox.open.draft).toBe('');
    expect(heldAttachment(id)).toBeUndefined();
  });

  it("shows the server's reason for a refused upload on the attachment and in a toast, and keeps it to send again", async () => {
    const id = holdAttachment(menu);
    const reason = 'This file is not a PDF, whatever its name says.';
    const transfer = transferOf({ type: 'progressed', percent: 100 }, { type: 'failed', message: reason, status: 422 });

    const { storeState } = await runSubmitted(chatWithAttachment(menu, id), transfer)
      .put(attachmentFailed({ id, error: reason }))
      .put.like({
        action: {
          type: toastShown.type,
          payload: { title: INBOX_TEXTS.sendFailed, description: reason, variant: 'destructive' },
        },
      })
      .call(loadMessages, grace.id)
      .not.put.actionType(attachmentSent.type)
      .run();

    expect(selectAttachment(storeState)).toMatchObject({ id, status: 'failed', error: reason });
    expect(selectAttachmentProblem(storeState)).toBe(reason);
    expect(heldAttachment(id)).toBe(menu);
  });

  it('says the file could not be sent when the server gives no reason', async () => {
    const id = holdAttachment(menu);
    const transfer = transferOf({ type: 'failed', message: null, status: 0 });

    await runSubmitted(chatWithAttachment(menu, id), transfer)
      .put(attachmentFailed({ id, error: INBOX_TEXTS.attachmentFailed }))
      .run();
  });

  it.each([
    [
      'too large for its kind',
      { name: 'cake.png', size: 6 * MB, type: 'image/png' },
      MEDIA_ERRORS.tooLarge('image', 'cake.png'),
    ],
    [
      'of a type WhatsApp does not take',
      { name: 'cake.gif', size: 2048, type: 'image/gif' },
      MEDIA_ERRORS.unsupported('cake.gif'),
    ],
  ])('uploads nothing for a file %s, and the composer says why', async (_case, file, problem) => {
    const state = chatWithAttachment(file, 'attachment-refused');

    const { storeState } = await expectSaga(watchAttachments)
      .withReducer(testReducer, state)
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        [matchers.call.fn(mediaSendChannel), transferOf()],
      ])
      .dispatch(submitted)
      .not.call.fn(mediaSendChannel)
      .not.put.actionType(attachmentFailed.type)
      .silentRun(50);

    expect(selectAttachment(storeState)).toMatchObject({ status: 'chosen', percent: 0 });
    expect(selectAttachmentProblem(storeState)).toBe(problem);
  });
});
