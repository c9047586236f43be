import { combineSlices, type Reducer } from '@reduxjs/toolkit';
import { FEATURES } from '../../../src/features/registry';
import { CORE_SLICES, type RootState } from '../../../src/store';
import type { Feature } from '../../../src/store/feature';
import { aUser } from './users';

let loadedFeatures: readonly Feature[] | null = null;

/** Loads every feature of the registry; tests/web/support/setup.ts does it before each test file runs. */
export async function loadAllFeatures() {
  const modules = await Promise.all(Object.values(FEATURES).map((load) => load()));
  loadedFeatures = modules.map((module) => module.default);
}

/** Every feature, for tests that preload any part of the state. */
export function allFeatures(): readonly Feature[] {
  if (!loadedFeatures) throw new Error('The features load before the tests (tests/web/support/setup.ts).');
  return loadedFeatures;
}

let reducerOfAll: Reducer<RootState> | null = null;

/** The reducer of a store with every feature loaded, for saga tests (`expectSaga(...).withReducer`). */
export const testReducer: Reducer<RootState> = (state, action) => {
  reducerOfAll ??= combineSlices(
    ...CORE_SLICES,
    ...allFeatures().flatMap((feature) => feature.slices),
  ) as unknown as Reducer<RootState>;
  return reducerOfAll(state, action);
};

/** Signed in, with the given events already applied. */
export function stateAfter(...actions: Parameters<typeof testReducer>[1][]): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  const signedIn = { ...initial, auth: { ...initial.auth, status: 'authenticated' as const, accessToken: 'token' } };
  return actions.reduce(testReducer, signedIn);
}

/** The whole state of a signed-in owner (verified unless said so), with `changes` on top. */
export function signedInStore(verified = true, changes: Partial<RootState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    auth: { ...initial.auth, status: 'authenticated', accessToken: 'tok', user: aUser({ is_verified: verified }) },
    ...changes,
  };
}
