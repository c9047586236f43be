-- Dashboard, analytics and export (issue 8): every figure is an aggregate over one owner's messages
-- or hand-overs in a time range, and the export reads an owner's messages in (sent_at, id) order a
-- batch at a time. Without these, each read walks every owner's rows.

-- An owner's messages by time: the dashboard's windows, the analytics range, the export's keyset pages.
create index messages_user_id_sent_at_id_idx on messages (user_id, sent_at, id);

-- An owner's hand-overs by time (the open-only index of 0009 does not serve resolved ones).
create index escalations_user_id_created_at_idx on escalations (user_id, created_at);

-- An owner's new conversations by time (recent activity, new conversations per day).
create index conversations_user_id_created_at_idx on conversations (user_id, created_at);
