-- The sandbox's customer phone: what its ticks and its 'typing…' line need.
--   inbound (customer → business): delivered_at = our webhook acknowledged it (✓✓), read_at = the
--     business sent a read receipt (blue ✓✓), typing_at = the business's typing indicator on it.
--   outbound (business → customer): delivered_at = the 'delivered' status was sent, read_at = the
--     customer's phone showed it (the 'read' status webhook goes out once, when it is set).
alter table sandbox_messages add column delivered_at timestamptz;
alter table sandbox_messages add column typing_at timestamptz;
create index sandbox_messages_thread_idx on sandbox_messages (phone_number_id, wa_id, created_at);
