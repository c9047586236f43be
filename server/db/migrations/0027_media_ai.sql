-- The AI and customers' media (issue 16, item 3): voice notes transcribed for agents whose provider
-- offers it, what an agent does with a voice note it cannot listen to, hand-overs for media the AI
-- cannot read, and replies that wait for the media of the messages they answer.

-- A voice note's or audio's transcript: 'pending' while its transcription job is queued, then
-- 'done' (with the text) or 'failed'. Null: not transcribed (the agent's provider offers none).
alter table message_media add column transcript text;
alter table message_media add column transcript_status text
  check (transcript_status in ('pending', 'done', 'failed'));

-- What the agent does with a voice note it cannot listen to: ask the customer to type it, or hand
-- the conversation to the owner.
alter table agents add column voice_notes text not null default 'ask_for_text'
  check (voice_notes in ('ask_for_text', 'hand_over'));

-- A hand-over because the customer sent media the AI cannot read (a photo without a caption to an
-- offline agent, a voice note with the agent set to hand over).
alter table escalations drop constraint escalations_kind_check;
alter table escalations add constraint escalations_kind_check
  check (kind in ('customer_asked', 'model', 'no_knowledge', 'ai_unavailable', 'key_rejected', 'manual_reply',
                  'media'));

-- 'awaiting_media': the reply job found a message of its burst whose media (or transcript) was still
-- on its way and stepped back; the media job continues it once the media is kept or failed.
alter table reply_attempts drop constraint reply_attempts_state_check;
alter table reply_attempts add constraint reply_attempts_state_check
  check (state in ('started', 'skipped', 'sending', 'sent', 'handed_over', 'awaiting_media'));
