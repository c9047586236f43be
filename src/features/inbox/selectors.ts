import { createSelector } from '@reduxjs/toolkit';
import type { Conversation } from '../../../contract';
import { checkAttachment } from './attachmentFile';
import { conversationName, conversationNumber } from './format';
import { conversationsAdapter, isSendable, messagesAdapter, type InboxState } from './state';

type WithInbox = { inbox: InboxState };

const selectInbox = (state: WithInbox): InboxState => state.inbox;
const selectOpen = (state: WithInbox) => state.inbox.open;

const conversationSelectors = conversationsAdapter.getSelectors((state: WithInbox) => state.inbox.conversations);
const messageSelectors = messagesAdapter.getSelectors((state: WithInbox) => state.inbox.open.messages);
export const selectConversations = conversationSelectors.selectAll;
export const selectMessages = messageSelectors.selectAll;
const selectConversationById = conversationSelectors.selectById;
const selectMessageById = messageSelectors.selectById;

export const selectConversationsStatus = (state: WithInbox) => selectInbox(state).conversationsStatus;
export const selectSearch = (state: WithInbox) => selectInbox(state).search;
export const selectUnreadConversations = (state: WithInbox) => selectInbox(state).unreadConversations;
export const selectMobileListOpen = (state: WithInbox) => selectInbox(state).mobileListOpen;
export const selectOpenConversationId = (state: WithInbox) => selectOpen(state).conversationId;
export const selectMessagesStatus = (state: WithInbox) => selectOpen(state).status;
export const selectOlderMessages = (state: WithInbox) => selectOpen(state).older;
export const selectDraft = (state: WithInbox) => selectOpen(state).draft;
export const selectSend = (state: WithInbox) => selectOpen(state).send;
export const selectAttachment = (state: WithInbox) => selectOpen(state).attachment;

const selectSearchResults = (state: WithInbox) => selectInbox(state).searchResults;
/** The search the server last searched ('' for none). */
export const selectSearchQuery = (state: WithInbox) => selectInbox(state).searchResults.query;
/** The paging of the list on screen: the search's while one is on, else the whole list's. */
export const selectShownPages = (state: WithInbox) =>
  selectSearchQuery(state) ? selectInbox(state).searchResults.pages : selectInbox(state).pages;
const { selectAll: selectSearchResultList } = conversationsAdapter.getSelectors(
  (state: WithInbox) => state.inbox.searchResults.conversations,
);

/** Whether a conversation has the text in its name (as shown), number or last message, any case. */
function matches(conversation: Conversation, needle: string) {
  return [
    conversationName(conversation),
    conversation.name,
    conversationNumber(conversation.id),
    conversation.last_message,
  ]
    .join('\n')
    .toLowerCase()
    .includes(needle);
}

/**
 * The list on screen. With text in the search box: the server's results once it has answered for
 * that text; until then, what is loaded narrowed by the same rule (name, number, last message).
 */
export const selectVisibleConversations = createSelector(
  [selectConversations, selectSearch, selectSearchResults, selectSearchResultList],
  (conversations, search, results, found) => {
    const text = search.trim();
    if (!text) return conversations;
    if (results.query === text && results.status === 'loaded') return found;
    const needle = text.toLowerCase();
    return conversations.filter((conversation) => matches(conversation, needle));
  },
);

/** What the search box's text is waiting for: 'loading' until the server has answered for it. */
export const selectSearchStatus = (state: WithInbox) => {
  const text = selectSearch(state).trim();
  if (!text) return 'idle';
  const results = selectSearchResults(state);
  if (results.query !== text) return 'loading';
  return results.status;
};

export const selectOpenConversation = (state: WithInbox) => {
  const id = selectOpenConversationId(state);
  return id ? (selectConversationById(state, id) ?? null) : null;
};

export const selectReplyTarget = (state: WithInbox) => {
  const id = selectOpen(state).replyTargetId;
  return id ? (selectMessageById(state, id) ?? null) : null;
};

/** SPEC.md §5: the send button is off for blank text and while a send is under way. */
export const selectCanSend = (state: WithInbox) =>
  isSendable(selectDraft(state)) && selectSend(state).status !== 'sending';

/** Why the attached file cannot go, in the words of Meta's limit (type, size, a caption on audio, its length). */
const selectAttachmentLimitProblem = createSelector([selectAttachment, selectDraft], (attachment, draft) => {
  if (!attachment) return null;
  const checked = checkAttachment(attachment, draft);
  return 'problem' in checked ? checked.problem : null;
});

/** What the composer says about the attachment: a limit it breaks, else why its upload failed. */
export const selectAttachmentProblem = (state: WithInbox) =>
  selectAttachmentLimitProblem(state) ??
  (selectAttachment(state)?.status === 'failed' ? (selectAttachment(state)?.error ?? null) : null);

/** A failed upload may be sent again; one that breaks a limit may not. */
export const selectCanSendAttachment = (state: WithInbox) => {
  const attachment = selectAttachment(state);
  return attachment !== null && attachment.status !== 'uploading' && selectAttachmentLimitProblem(state) === null;
};
