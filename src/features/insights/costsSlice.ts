import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CostReport, RateCard, RateCardBody } from '../../api/insights';
import { loggedOut } from '../auth/slice';
import type { LoadStatus } from './dashboardSlice';

/** The rate card's dialog: closed, being edited, its rates on their way, or refused by the server. */
export type RateEditorStatus = 'closed' | 'editing' | 'saving';

export interface CostsState {
  /** The month shown (YYYY-MM, the owner's); null until the page first opens (the saga picks the current one). */
  month: string | null;
  status: LoadStatus;
  report: CostReport | null;
  rateCard: RateCard | null;
  error: string | null;
  editor: {
    status: RateEditorStatus;
    /** The server's refusal, and the field it named ('rates.marketing', 'currency'). */
    error: string | null;
    field: string | null;
  };
}

export const initialCostsState: CostsState = {
  month: null,
  status: 'idle',
  report: null,
  rateCard: null,
  error: null,
  editor: { status: 'closed', error: null, field: null },
};

/** The month before or after `month` (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [year, monthIndex] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, monthIndex! - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/** /analytics' Costs card: the month's billed messages, their estimate, and the rate card's editor. */
const costsSlice = createSlice({
  name: 'costs',
  initialState: initialCostsState,
  reducers: {
    costsRetryClicked() {},
    costsMonthStepped(state, action: PayloadAction<number>) {
      if (state.month) state.month = shiftMonth(state.month, action.payload);
    },
    costsLoadStarted(state, action: PayloadAction<{ month: string }>) {
      state.month = action.payload.month;
      state.status = 'loading';
      state.error = null;
    },
    costsLoaded(state, action: PayloadAction<{ report: CostReport; rateCard: RateCard }>) {
      // A month's figures that arrive after the owner moved to another month are not shown.
      if (state.status !== 'loading' || action.payload.report.month !== state.month) return;
      state.status = 'loaded';
      state.report = action.payload.report;
      state.rateCard = action.payload.rateCard;
    },
    costsLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
    },
    rateEditorOpened(state) {
      if (state.rateCard) state.editor = { status: 'editing', error: null, field: null };
    },
    rateEditorClosed(state) {
      if (state.editor.status === 'editing') state.editor = initialCostsState.editor;
    },
    ratesSubmitted(state, _action: PayloadAction<RateCardBody>) {
      if (state.editor.status === 'editing') state.editor = { status: 'saving', error: null, field: null };
    },
    ratesSaved(state, action: PayloadAction<RateCard>) {
      if (state.editor.status !== 'saving') return;
      state.rateCard = action.payload;
      state.editor = initialCostsState.editor;
    },
    ratesSaveFailed(state, action: PayloadAction<{ message: string; field: string | null }>) {
      if (state.editor.status !== 'saving') return;
      state.editor = { status: 'editing', error: action.payload.message, field: action.payload.field };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialCostsState);
  },
  selectors: {
    selectCosts: (state) => state,
    selectCostsMonth: (state) => state.month,
    selectRateEditor: (state) => state.editor,
  },
});

export const {
  costsRetryClicked,
  costsMonthStepped,
  costsLoadStarted,
  costsLoaded,
  costsLoadFailed,
  rateEditorOpened,
  rateEditorClosed,
  ratesSubmitted,
  ratesSaved,
  ratesSaveFailed,
} = costsSlice.actions;
export const { selectCosts, selectCostsMonth, selectRateEditor } = costsSlice.selectors;

export default costsSlice;
