-- Ending a session ends its live streams, on whichever API node they are open: revoking a session
-- (logout, a password change or reset) or deleting it (with its account) notifies 'session.ended'
-- on the live channel (0022) with the session's id as 'e'. Notified at commit, in commit order, it
-- reaches the hub before anything committed after the logout. The hub ends that session's streams;
-- a browser never sees the notification itself.

create function live_session_ended() returns trigger language plpgsql as $$
begin
  perform live_notify(old.user_id, 'session.ended', jsonb_build_object('e', old.id));
  return null;
end
$$;
create trigger sessions_live_revoked after update of revoked_at on sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null) execute function live_session_ended();
create trigger sessions_live_deleted after delete on sessions
  for each row when (old.revoked_at is null) execute function live_session_ended();
