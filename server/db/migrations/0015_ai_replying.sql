-- The inbox list's ETag counts the owner's 'AI is replying…' marks still shown (conversation-pages.ts):
-- at most a few per owner at a time, so a partial index answers without walking their conversations.
create index conversations_ai_replying_idx on conversations (user_id, ai_replying_since)
  where ai_replying_since is not null;
