-- Each pretend customer number of the sandbox phone belongs to the browser that first used it: the
-- page keeps a random token, we keep its SHA-256. Nobody else reads or writes as that customer.
create table sandbox_customers (
  wa_id text primary key,
  token_sha256 text not null,
  claimed_at timestamptz not null default now()
);
