import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';

/** SPEC.md §9: the onboarding has two steps, a welcome and the connect step. */
export const ONBOARDING_STEP_COUNT = 2;

export interface OnboardingState {
  /** 1-based; 1 to ONBOARDING_STEP_COUNT. */
  step: number;
  /** `?reconnect=true`: an owner replacing an existing connection starts at the connect step. */
  reconnecting: boolean;
}

const initialState: OnboardingState = { step: 1, reconnecting: false };

const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    onboardingOpened(_state, action: PayloadAction<{ reconnect: boolean }>) {
      const { reconnect } = action.payload;
      return { step: reconnect ? ONBOARDING_STEP_COUNT : 1, reconnecting: reconnect };
    },
    onboardingClosed: () => initialState,
    onboardingNextClicked(state) {
      if (state.step < ONBOARDING_STEP_COUNT) state.step += 1;
    },
    onboardingBackClicked(state) {
      if (state.step > 1) state.step -= 1;
    },
    /** 'Skip for now': only offered when not reconnecting. */
    onboardingSkipped() {},
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectOnboardingStep: (state) => state.step,
    selectOnboardingReconnecting: (state) => state.reconnecting,
  },
});

export const { onboardingOpened, onboardingClosed, onboardingNextClicked, onboardingBackClicked, onboardingSkipped } =
  onboardingSlice.actions;
export const { selectOnboardingStep, selectOnboardingReconnecting } = onboardingSlice.selectors;

/** SPEC.md §9: progress is the step over the number of steps, as a whole percentage. */
export const selectOnboardingProgress = createSelector([selectOnboardingStep], (step) =>
  Math.round((step / ONBOARDING_STEP_COUNT) * 100),
);

export default onboardingSlice;
