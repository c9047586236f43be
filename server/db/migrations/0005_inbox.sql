-- The inbox: the owner can hide their own messages from their view (WhatsApp has no unsend), and
-- the indexes the inbox's polled reads need.

alter table messages add column hidden_at timestamptz;

-- The conversation list, newest activity first; `id` breaks ties so the order is stable.
drop index conversations_user_id_last_message_at_idx;
create index conversations_user_id_last_message_at_id_idx on conversations (user_id, last_message_at desc nulls last, id desc);

-- The list's ETag: count and max(updated_at) of the owner's conversations from the index alone.
create index conversations_user_id_updated_at_idx on conversations (user_id, updated_at);

-- The sidebar badge: the owner's conversations with something unread.
create index conversations_user_id_unread_idx on conversations (user_id) where unread_count > 0;

-- A conversation's messages, paged backwards by (sent_at, id): several share a second.
drop index messages_conversation_id_sent_at_idx;
create index messages_conversation_id_sent_at_id_idx on messages (conversation_id, sent_at, id);

-- A conversation's ETag: count and max(updated_at) of its messages from the index alone.
create index messages_conversation_id_updated_at_idx on messages (conversation_id, updated_at);
