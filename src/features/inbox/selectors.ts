import { createSelector } from '@reduxjs/toolkit';
import type { Conversation, ConversationFilter } from '../../../contract';
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
export const selectFilter = (state: WithInbox) => selectInbox(state).filter;
export const selectUnreadConversations = (state: WithInbox) => selectInbox(state).unreadConversations;
export const selectMobileListOpen = (state: WithInbox) => selectInbox(state).mobileListOpen;
export const selectOpenConversationId = (state: WithInbox) => selectOpen(state).conversationId;
export const selectMessagesStatus = (state: WithInbox) => selectOpen(state).status;
export const selectOlderMessages = (state: WithInbox) => selectOpen(state).older;
export const selectDraft = (state: WithInbox) => selectOpen(state).draft;
export const selectSend = (state: WithInbox) => selectOpen(state).send;
export const selectAttachment = (state: WithInbox) => selectOpen(state).attachment;
export const selectHighlightId = (state: WithInbox) => selectOpen(state).highlightId;
/** The owner's reaction on its way to a message of the open conversation, if any. */
export const selectReacting = (state: WithInbox, messageId: string) => selectOpen(state).reacting[messageId];
export const selectReactingMessages = (state: WithInbox) => selectOpen(state).reacting;

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

/** Each filter's rule, as the server applies it (server/services/inbox/conversation-pages.ts). */
const FILTER_RULES: Record<ConversationFilter, (conversation: Conversation) => boolean> = {
  all: () => true,
  needs_you: (conversation) => conversation.needs_you === true,
  unread: (conversation) => conversation.unread_count > 0,
};

/**
 * The list on screen. With text in the search box: the server's results once it has answered for
 * that text; until then, what is loaded narrowed by the same rule (name, number, last message).
 * Under a filter, a conversation that no longer fits it (marked done, read) leaves at once, unless
 * it is the one open.
 */
export const selectVisibleConversations = createSelector(
  [
    selectConversations,
    selectSearch,
    selectSearchResults,
    selectSearchResultList,
    selectFilter,
    selectOpenConversationId,
  ],
  (conversations, search, results, found, filter, openId) => {
    const text = search.trim();
    const needle = text.toLowerCase();
    let shown = conversations;
    if (text) {
      shown =
        results.query === text && results.status === 'loaded'
          ? found
          : conversations.filter((conversation) => matches(conversation, needle));
    }
    if (filter === 'all') return shown;
    const fits = FILTER_RULES[filter];
    return shown.filter((conversation) => conversation.id === openId || fits(conversation));
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
