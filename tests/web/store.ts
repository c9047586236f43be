import { combineSlices, type Reducer, type Slice } from '@reduxjs/toolkit';
import { accountFeature } from '../../src/features/account/feature';
import { agentsFeature } from '../../src/features/agents/feature';
import { availabilityFeature } from '../../src/features/auth/availabilityFeature';
import authSlice from '../../src/features/auth/slice';
import connectionSlice from '../../src/features/connection/slice';
import { inboxFeature } from '../../src/features/inbox/feature';
import { insightsFeature } from '../../src/features/insights/feature';
import themeSlice from '../../src/features/theme/slice';
import toastsSlice from '../../src/features/toasts/slice';
import { whatsappFeature } from '../../src/features/whatsapp/feature';
import type { RootState } from '../../src/store';

/** Every feature, for tests that preload any part of the state. */
export const ALL_FEATURES = [
  accountFeature,
  availabilityFeature,
  whatsappFeature,
  inboxFeature,
  agentsFeature,
  insightsFeature,
];

/** The reducer of a store with every feature loaded, for saga tests (`expectSaga(...).withReducer`). */
export const testReducer = combineSlices(
  authSlice,
  connectionSlice,
  themeSlice,
  toastsSlice,
  ...ALL_FEATURES.flatMap((feature): readonly Slice[] => feature.slices),
) as unknown as Reducer<RootState>;

/** Signed in, with the given events already applied. */
export function stateAfter(...actions: Parameters<typeof testReducer>[1][]): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  const signedIn = { ...initial, auth: { ...initial.auth, status: 'authenticated' as const, accessToken: 'token' } };
  return actions.reduce(testReducer, signedIn);
}
