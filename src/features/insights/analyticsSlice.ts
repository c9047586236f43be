import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsSummary, Timeseries } from '../../api/insights';
import { loggedOut } from '../auth/slice';
import type { LoadStatus } from './dashboardSlice';
import { DEFAULT_RANGE, type DateRange, type RangeBounds } from './range';

export interface AnalyticsState {
  range: DateRange;
  /** What the figures on screen (or under way) cover; the export takes the same. */
  bounds: RangeBounds | null;
  status: LoadStatus;
  summary: AnalyticsSummary | null;
  timeseries: Timeseries | null;
  error: string | null;
}

export const initialAnalyticsState: AnalyticsState = {
  range: DEFAULT_RANGE,
  bounds: null,
  status: 'idle',
  summary: null,
  timeseries: null,
  error: null,
};

/** The /analytics page: the chosen range and its figures. */
const analyticsSlice = createSlice({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducers: {
    analyticsOpened() {},
    analyticsRetryClicked() {},
    analyticsRangeChanged(state, action: PayloadAction<DateRange>) {
      state.range = action.payload;
    },
    analyticsLoadStarted(state, action: PayloadAction<RangeBounds>) {
      state.bounds = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    analyticsLoaded(state, action: PayloadAction<{ summary: AnalyticsSummary; timeseries: Timeseries }>) {
      state.status = 'loaded';
      state.summary = action.payload.summary;
      state.timeseries = action.payload.timeseries;
    },
    analyticsLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAnalyticsState);
  },
  selectors: {
    selectAnalytics: (state) => state,
    selectAnalyticsRange: (state) => state.range,
  },
});

export const {
  analyticsOpened,
  analyticsRetryClicked,
  analyticsRangeChanged,
  analyticsLoadStarted,
  analyticsLoaded,
  analyticsLoadFailed,
} = analyticsSlice.actions;
export const { selectAnalytics, selectAnalyticsRange } = analyticsSlice.selectors;

export default analyticsSlice;
