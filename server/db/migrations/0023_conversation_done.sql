-- Conversations the owner marked done (resolved): out of 'Needs you' until the customer writes
-- again, when the webhook's statement reopens them. Filters of the inbox list: 'needs_you' reads the
-- open hand-overs (escalations_open_idx), 'unread' the partial index of 0005.
alter table conversations add column done_at timestamptz;

-- Marking done (or reopening) is a change the owner's other tabs hear of (0022).
drop trigger conversations_live_changed on conversations;
create trigger conversations_live_changed after update on conversations
  for each row when (old.owner is distinct from new.owner
                     or old.owner_reason is distinct from new.owner_reason
                     or old.ai_replying_since is distinct from new.ai_replying_since
                     or old.done_at is distinct from new.done_at
                     or new.unread_count < old.unread_count)
  execute function live_conversation_changed();
