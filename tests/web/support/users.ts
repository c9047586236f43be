import type { RegisterBody, UserProfile } from '../../../contract';
import authSlice, { type AuthState } from '../../../src/features/auth/slice';
import type { RootState } from '../../../src/store';

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

/** What Ada types into the register form. */
export const registration: RegisterBody = {
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  password: 'analytical-engine',
  confirm_password: 'analytical-engine',
};

/** A signed-in owner whose user is fresh, so that the shell asks for nothing but the connection. */
export function signedInState(user: UserProfile = aUser(), auth: Partial<AuthState> = {}): Partial<RootState> {
  return {
    auth: {
      ...authSlice.getInitialState(),
      status: 'authenticated',
      accessToken: 'token',
      user,
      userStatus: 'loaded',
      userFetchedAt: Date.now(),
      ...auth,
    },
  };
}
