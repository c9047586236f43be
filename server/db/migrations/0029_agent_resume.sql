-- Whether the AI answers again on its own once the owner, who took a conversation over (by a reply by
-- hand or 'Take over'), has been silent this many minutes; null: only when handed back. Issue 15.
alter table agents add column resume_after_minutes integer default 30
  check (resume_after_minutes is null or resume_after_minutes between 5 and 10080);
