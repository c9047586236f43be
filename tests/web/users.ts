import type { UserProfile } from '../../contract';

export function aUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 1,
    email: 'ada@example.com',
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    display_name: null,
    bio: null,
    is_verified: true,
    two_factor_enabled: false,
    created_at: '2025-07-28T00:00:00.000Z',
    ...overrides,
  };
}
