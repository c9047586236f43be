-- Search over the whole history (issue 15, item 6): every message's words, any language (the
-- 'simple' configuration: lower case, no stemming, so a name, a number or an order code is found
-- as typed), kept by the database itself and indexed for prefix matching.
alter table messages add column search tsvector
  generated always as (to_tsvector('simple', body)) stored;
create index messages_search_idx on messages using gin (search);
