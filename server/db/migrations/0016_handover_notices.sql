-- The message that tells a customer a person will take over is the AI's, but it answers nothing:
-- the figures of issue 8 leave it out (server/services/analytics/answers.ts), finding it by its
-- reply attempt. A hand-over is rare, so the partial index stays small.
create index reply_attempts_handover_notice_idx on reply_attempts (user_id, reply_wamid)
  where state = 'handed_over';
