-- The Graph simulator's media and message templates (WHATSAPP.md; Meta's OpenAPI file, Media and
-- Templates). Media belong to the business number that uploaded or received them; Graph gives a
-- download URL for them that works for a few minutes and only with the business token.
create table sandbox_media (
  id text primary key,
  phone_number_id text not null references sandbox_phone_numbers (id) on delete cascade,
  mime_type text not null,
  sha256 text not null,
  file_size integer not null,
  filename text,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index sandbox_media_phone_number_id_idx on sandbox_media (phone_number_id);

-- A WABA's templates: submitted PENDING, then APPROVED or REJECTED by the pretend review.
create table sandbox_templates (
  id text primary key,
  waba_id text not null references sandbox_wabas (id) on delete cascade,
  name text not null,
  language text not null,
  category text not null,
  components jsonb not null,
  status text not null check (status in ('PENDING', 'APPROVED', 'REJECTED', 'DISABLED', 'PAUSED')),
  rejected_reason text,
  created_at timestamptz not null default now(),
  constraint sandbox_templates_waba_name_language_key unique (waba_id, name, language)
);
