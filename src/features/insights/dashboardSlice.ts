import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ActivityItem, DashboardSummary } from '../../api/insights';
import { loggedOut } from '../auth/slice';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface DashboardInsightsState {
  summary: { status: LoadStatus; data: DashboardSummary | null; error: string | null };
  activity: { status: LoadStatus; items: ActivityItem[]; error: string | null };
}

export const initialDashboardInsightsState: DashboardInsightsState = {
  summary: { status: 'idle', data: null, error: null },
  activity: { status: 'idle', items: [], error: null },
};

/** The dashboard's figures and its recent activity, each loaded on its own. */
const dashboardInsightsSlice = createSlice({
  name: 'dashboardInsights',
  initialState: initialDashboardInsightsState,
  reducers: {
    dashboardOpened() {},
    /** The dashboard left the screen: live changes no longer reload it. */
    dashboardClosed() {},
    dashboardRetryClicked() {},
    dashboardLoadStarted(state) {
      // Figures already shown stay while they load again.
      if (!state.summary.data) state.summary.status = 'loading';
      state.summary.error = null;
      if (state.activity.status !== 'loaded') state.activity.status = 'loading';
      state.activity.error = null;
    },
    dashboardSummaryLoaded(state, action: PayloadAction<DashboardSummary>) {
      state.summary = { status: 'loaded', data: action.payload, error: null };
    },
    dashboardSummaryLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.summary = { status: 'failed', data: state.summary.data, error: action.payload.message };
    },
    activityLoaded(state, action: PayloadAction<ActivityItem[]>) {
      state.activity = { status: 'loaded', items: action.payload, error: null };
    },
    activityLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.activity = { status: 'failed', items: state.activity.items, error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialDashboardInsightsState);
  },
  selectors: {
    selectDashboardSummary: (state) => state.summary,
    selectActivity: (state) => state.activity,
  },
});

export const {
  dashboardOpened,
  dashboardClosed,
  dashboardRetryClicked,
  dashboardLoadStarted,
  dashboardSummaryLoaded,
  dashboardSummaryLoadFailed,
  activityLoaded,
  activityLoadFailed,
} = dashboardInsightsSlice.actions;
export const { selectDashboardSummary, selectActivity } = dashboardInsightsSlice.selectors;

export default dashboardInsightsSlice;
