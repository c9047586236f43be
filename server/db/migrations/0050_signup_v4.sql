-- Embedded Signup v4 (shared/WHATSAPP.md §0): a business may finish with no phone number, and the
-- `account_update` webhook (PARTNER_ADDED) may complete an owner's signup before the SPA saves it.

-- A WABA connected alone: no number yet, so no number id and no registration PIN.
alter table whatsapp_pending_exchanges alter column phone_number_id drop not null;
alter table whatsapp_pending_exchanges alter column registration_pin drop not null;
alter table whatsapp_connections alter column phone_number_id drop not null;
alter table whatsapp_connections alter column registration_pin drop not null;

-- PARTNER_ADDED names the WABA only: it finds the open exchanges an owner started for it.
create index whatsapp_pending_exchanges_open_waba_idx on whatsapp_pending_exchanges (waba_id) where used_at is null;
