-- 'left_to_person': the customer's message came while a person owned the conversation, so it is theirs
-- to answer; an AI that takes the conversation back after the owner's silence answers what came after
-- it, not that older question (issue 36, item 2).
alter table reply_attempts drop constraint reply_attempts_state_check;
alter table reply_attempts add constraint reply_attempts_state_check
  check (state in ('started', 'skipped', 'sending', 'sent', 'handed_over', 'awaiting_media', 'left_to_person'));
