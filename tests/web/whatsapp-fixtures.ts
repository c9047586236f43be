import type { BusinessProfile, MessagingConfig, SubscriptionInfo } from '../../contract';

/** A connected number as the /whatsapp page loads it: its configuration, business profile and subscription. */
export const config: MessagingConfig = {
  status: 'active',
  waba_id: 'waba-123',
  phone_number_id: 'phone-id-456',
  phone_number: '+1 555 0100',
  created_at: '2025-07-28T10:00:00.000Z',
};
export const profile: BusinessProfile = {
  name: 'Ada Bakery',
  currency: 'EUR',
  owner_business_id: 'biz-789',
  owner_business_name: 'Ada Holdings',
};
export const subscription: SubscriptionInfo = {
  is_subscribed: true,
  subscription_status: 'active',
  last_checked: '2025-07-28T11:00:00.000Z',
  subscribed_apps: [
    { id: 'app-42', name: 'Threadline', category: 'Business', link: 'https://www.facebook.com/games/?app_id=42' },
  ],
};
