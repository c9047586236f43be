import { createEntityAdapter, createSlice, original, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../../contract';
import { loggedOut } from '../auth/slice';

/** A list on screen: nothing asked yet, first load under way, shown, or its first load failed. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type SendStatus = 'idle' | 'sending' | 'failed';
/** Paging backwards through a long history. */
export type OlderStatus = 'none' | 'available' | 'loading';

export const conversationsAdapter = createEntityAdapter<Conversation>();

/** Oldest first; the wamid breaks ties so that two messages of one second keep one order. */
export const messagesAdapter = createEntityAdapter<Message>({
  sortComparer: (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id),
});

export interface OpenConversationState {
  /** The conversation on screen; answers for any other one are ignored. */
  conversationId: string | null;
  messages: EntityState<Message, string>;
  status: LoadStatus;
  older: OlderStatus;
  /** SPEC.md §4: set by Reply, cleared after a successful send or by cancel. */
  replyTargetId: string | null;
  draft: string;
  send: { status: SendStatus; error: string | null };
}

export interface InboxState {
  conversations: EntityState<Conversation, string>;
  conversationsStatus: LoadStatus;
  search: string;
  /** Conversations with unread messages: the sidebar badge. */
  unreadConversations: number;
  open: OpenConversationState;
  /** Below the mobile breakpoint one pane shows: the list (true) or the chat. */
  mobileListOpen: boolean;
}

const closedConversation: OpenConversationState = {
  conversationId: null,
  messages: messagesAdapter.getInitialState(),
  status: 'idle',
  older: 'none',
  replyTargetId: null,
  draft: '',
  send: { status: 'idle', error: null },
};

export const initialInboxState: InboxState = {
  conversations: conversationsAdapter.getInitialState(),
  conversationsStatus: 'idle',
  search: '',
  unreadConversations: 0,
  open: closedConversation,
  mobileListOpen: true,
};

export interface MessagesPage {
  conversationId: string;
  messages: Message[];
  /** The page size asked for: a shorter page means the first message has been reached. */
  pageSize: number;
}

export interface ReplySubmission {
  conversationId: string;
  text: string;
  inReplyToMessageId: string | null;
}

type ConversationRef = { conversationId: string };
type MessageRef = ConversationRef & { messageId: string };

const countUnread = (conversations: EntityState<Conversation, string>) =>
  Object.values(conversations.entities).filter((conversation) => conversation.unread_count > 0).length;

const isOpen = (state: InboxState, conversationId: string) => state.open.conversationId === conversationId;

export const isSendable = (text: string) => text.trim() !== '';

const CONVERSATION_FIELDS = ['name', 'avatar', 'last_message', 'timestamp', 'unread_count'] as const;

/**
 * An unchanged poll (most of them) must not touch the state: a new object per row would re-render the
 * list every 3 s. Compared against the state before this action, outside Immer's drafts.
 */
function listChanged(before: EntityState<Conversation, string> | undefined, after: Conversation[]) {
  if (!before || before.ids.length !== after.length) return true;
  return after.some((conversation, index) => {
    const known = before.entities[conversation.id];
    return (
      before.ids[index] !== conversation.id ||
      !known ||
      CONVERSATION_FIELDS.some((field) => known[field] !== conversation[field])
    );
  });
}

/** The messages of a page that are new or differ from what is on screen (status, reactions). */
function changedMessages(before: EntityState<Message, string> | undefined, page: Message[]) {
  return page.filter((message) => {
    const known = before?.entities[message.id];
    return !known || JSON.stringify(known) !== JSON.stringify(message);
  });
}

const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    conversationsViewOpened(state) {
      if (state.conversationsStatus === 'idle' || state.conversationsStatus === 'failed') {
        state.conversationsStatus = 'loading';
      }
    },
    /** Leaving /messages closes the open conversation; the list stays cached for the next visit. */
    conversationsViewClosed(state) {
      state.open = closedConversation;
      state.search = '';
      state.mobileListOpen = true;
      if (state.conversationsStatus !== 'loaded') state.conversationsStatus = 'idle';
    },
    conversationsLoaded(state, action: PayloadAction<Conversation[]>) {
      if (state.conversationsStatus === 'idle') return;
      // The open conversation is being read: the server marks it read on the next fetch of its messages.
      const readingId = state.open.status === 'loaded' ? state.open.conversationId : null;
      const conversations = action.payload.map((conversation) =>
        conversation.id === readingId && conversation.unread_count > 0
          ? { ...conversation, unread_count: 0 }
          : conversation,
      );
      if (listChanged(original(state.conversations), conversations)) {
        conversationsAdapter.setAll(state.conversations, conversations);
      }
      state.conversationsStatus = 'loaded';
      state.unreadConversations = countUnread(state.conversations);
    },
    /** A failed poll keeps the list on screen; only a list never loaded shows the failure. */
    conversationsLoadFailed(state) {
      if (state.conversationsStatus === 'loading') state.conversationsStatus = 'failed';
    },
    conversationsReloadRequested(state) {
      if (state.conversationsStatus === 'failed') state.conversationsStatus = 'loading';
    },
    conversationSearchEdited(state, action: PayloadAction<string>) {
      state.search = action.payload;
    },
    conversationOpened(state, action: PayloadAction<string>) {
      state.mobileListOpen = false;
      if (isOpen(state, action.payload)) return;
      state.open = { ...closedConversation, conversationId: action.payload, status: 'loading' };
    },
    conversationClosed(state) {
      state.open = closedConversation;
    },
    messagesLoaded(state, action: PayloadAction<MessagesPage>) {
      const { conversationId, messages, pageSize } = action.payload;
      if (!isOpen(state, conversationId)) return;
      if (state.open.status !== 'loaded') {
        messagesAdapter.setAll(state.open.messages, messages);
        state.open.older = messages.length >= pageSize ? 'available' : 'none';
      } else {
        // A poll brings the latest page: older pages already on screen stay.
        messagesAdapter.upsertMany(state.open.messages, changedMessages(original(state.open.messages), messages));
      }
      state.open.status = 'loaded';
      // Opening a conversation marks it read on the server.
      const conversation = state.conversations.entities[conversationId];
      if (conversation) conversation.unread_count = 0;
      state.unreadConversations = countUnread(state.conversations);
    },
    messagesLoadFailed(state, action: PayloadAction<ConversationRef>) {
      if (isOpen(state, action.payload.conversationId) && state.open.status === 'loading') {
        state.open.status = 'failed';
      }
    },
    messagesReloadRequested(state) {
      if (state.open.status === 'failed') state.open.status = 'loading';
    },
    olderMessagesRequested(state) {
      if (state.open.status === 'loaded' && state.open.older === 'available') state.open.older = 'loading';
    },
    olderMessagesLoaded(state, action: PayloadAction<MessagesPage>) {
      const { conversationId, messages, pageSize } = action.payload;
      if (!isOpen(state, conversationId) || state.open.older !== 'loading') return;
      messagesAdapter.upsertMany(state.open.messages, messages);
      state.open.older = messages.length >= pageSize ? 'available' : 'none';
    },
    olderMessagesLoadFailed(state, action: PayloadAction<ConversationRef>) {
      if (isOpen(state, action.payload.conversationId) && state.open.older === 'loading') {
        state.open.older = 'available';
      }
    },
    replyTargetChosen(state, action: PayloadAction<string>) {
      if (state.open.messages.entities[action.payload]) state.open.replyTargetId = action.payload;
    },
    replyTargetCleared(state) {
      state.open.replyTargetId = null;
    },
    draftEdited(state, action: PayloadAction<string>) {
      state.open.draft = action.payload;
    },
    /** SPEC.md §5: blank text is not sent, and nothing is sent while a send is under way. */
    replySubmitted(state, action: PayloadAction<ReplySubmission>) {
      const { conversationId, text } = action.payload;
      if (!isOpen(state, conversationId) || !isSendable(text) || state.open.send.status === 'sending') return;
      state.open.send = { status: 'sending', error: null };
    },
    replySent(state, action: PayloadAction<ConversationRef & { message: Message }>) {
      const { conversationId, message } = action.payload;
      if (!isOpen(state, conversationId)) return;
      messagesAdapter.upsertOne(state.open.messages, message);
      state.open.send = { status: 'idle', error: null };
      state.open.draft = '';
      state.open.replyTargetId = null;
    },
    replyFailed(state, action: PayloadAction<ConversationRef & { error: string }>) {
      const { conversationId, error } = action.payload;
      if (isOpen(state, conversationId)) state.open.send = { status: 'failed', error };
    },
    messageCopyClicked(_state, _action: PayloadAction<{ text: string }>) {},
    messageDeleteClicked(_state, _action: PayloadAction<MessageRef>) {},
    messageHidden(state, action: PayloadAction<MessageRef>) {
      const { conversationId, messageId } = action.payload;
      if (!isOpen(state, conversationId)) return;
      messagesAdapter.removeOne(state.open.messages, messageId);
      if (state.open.replyTargetId === messageId) state.open.replyTargetId = null;
    },
    mobileListToggled(state) {
      state.mobileListOpen = !state.mobileListOpen;
    },
    unreadBadgeShown() {},
    unreadBadgeHidden() {},
    unreadCountLoaded(state, action: PayloadAction<number>) {
      state.unreadConversations = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialInboxState);
  },
});

export const {
  conversationsViewOpened,
  conversationsViewClosed,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsReloadRequested,
  conversationSearchEdited,
  conversationOpened,
  conversationClosed,
  messagesLoaded,
  messagesLoadFailed,
  messagesReloadRequested,
  olderMessagesRequested,
  olderMessagesLoaded,
  olderMessagesLoadFailed,
  replyTargetChosen,
  replyTargetCleared,
  draftEdited,
  replySubmitted,
  replySent,
  replyFailed,
  messageCopyClicked,
  messageDeleteClicked,
  messageHidden,
  mobileListToggled,
  unreadBadgeShown,
  unreadBadgeHidden,
  unreadCountLoaded,
} = inboxSlice.actions;

export default inboxSlice;
