-- A reply is never lost without the owner hearing of it (issue 36, item 2): hand-overs for an answer
-- whose send was cut short (it may or may not have reached the customer, so it is not sent again)
-- and for one WhatsApp would not send (refused, or still failing when the job's retries ran out).
alter table escalations drop constraint escalations_kind_check;
alter table escalations add constraint escalations_kind_check
  check (kind in ('customer_asked', 'model', 'no_knowledge', 'ai_unavailable', 'key_rejected', 'manual_reply',
                  'media', 'send_uncertain', 'send_failed'));
