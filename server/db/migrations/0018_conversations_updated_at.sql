-- The inbox list's ETag once read the newest updated_at of an owner's conversations; since 0010 it
-- reads inbox_versions. Nothing else orders or filters conversations by updated_at, and every
-- conversation update (each webhook message) paid for keeping this index.
drop index conversations_user_id_updated_at_idx;
