-- Consent (issue 28, item 7). A customer stops or resumes marketing messages in WhatsApp; Meta tells the
-- business with the `user_preferences` webhook (Meta's "user_preferences webhook reference", updated
-- 2026-05-21; WHATSAPP.md §0), and a marketing template sent to one who stopped fails with 131050.
-- The preference is the customer's, not the conversation's: it may arrive before they ever wrote (no
-- conversation yet), so it lives beside conversations, keyed as webhook_store keys customers: by BSUID
-- when Meta names one, else by phone number. A conversation reads its customer's newest preference by
-- its BSUID and by its phone number (index lookups both); the newest by Meta's time wins, so a retried
-- or late delivery never undoes a newer one.
create table marketing_preferences (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  -- The BSUID when Meta named one, else the phone number.
  customer text not null,
  -- The phone number when Meta named it (also when `customer` is the BSUID).
  phone text,
  stopped boolean not null,
  -- Meta's time of the change (the webhook's `timestamp`, or a failed status's).
  changed_at timestamptz not null,
  -- What told us: 'user_preferences' (the customer's own choice) or 'status_131050' (a send refused for it).
  source text not null check (source in ('user_preferences', 'status_131050')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint marketing_preferences_user_id_customer_key unique (user_id, customer)
);
create index marketing_preferences_user_id_phone_idx on marketing_preferences (user_id, phone) where phone is not null;

-- Meta may re-categorise an approved template (`template_category_update`, Meta's "template_category_update
-- webhook reference", updated 2025-11-11): the category it had before, and when it changed, for the notice
-- on the Templates page.
alter table message_templates
  add column previous_category text,
  add column category_changed_at timestamptz;

-- The Templates page hears a changed category live, as it hears a review (0026).
drop trigger message_templates_live on message_templates;
create trigger message_templates_live after insert or delete or update of status, category on message_templates
  for each row execute function live_template_changed();

-- The sandbox follows Meta: a customer of the sandbox phone stops or resumes promotions from a business
-- number ("Stop promotions" in the chat's menu), which sends the `user_preferences` webhook; a marketing
-- template to one who stopped is accepted and then fails with 131050, as Meta's does.
create table sandbox_marketing_preferences (
  phone_number_id text not null,
  wa_id text not null,
  stopped boolean not null,
  changed_at timestamptz not null default now(),
  primary key (phone_number_id, wa_id)
);
