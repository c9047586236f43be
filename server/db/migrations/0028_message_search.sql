-- Search over the whole history (issue 15, item 6), any language: the 'simple' configuration (lower
-- case, no stemming), so that a name, a number or an order code is found as typed. Each message
-- keeps its words (a generated column, so every path that writes a message has them), indexed for
-- the words of a search that few conversations have; a common word is found by walking the list's
-- newest conversations instead (server/services/inbox/conversation-pages.ts).
alter table messages add column search tsvector
  generated always as (to_tsvector('simple', body)) stored;
create index messages_search_idx on messages using gin (search);
