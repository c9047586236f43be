import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExportFormat } from '../../api/insights';

export type { ExportFormat };
import { loggedOut } from '../auth/slice';

export type ExportStatus = 'idle' | 'exporting' | 'failed';

export interface ExportState {
  status: ExportStatus;
  error: string | null;
}

export const initialExportState: ExportState = { status: 'idle', error: null };

export const EXPORT_FAILED = 'The export could not be downloaded. Please try again.';

/** The message export (GET /messages/export), from the dashboard or /analytics. */
const exportSlice = createSlice({
  name: 'messageExport',
  initialState: initialExportState,
  reducers: {
    /** With a range, or without one for the dashboard's 'last 30 days'. */
    exportClicked(state, _action: PayloadAction<{ format: ExportFormat; from?: string; to?: string }>) {
      if (state.status !== 'exporting') state.status = 'exporting';
      state.error = null;
    },
    exportDownloaded: () => initialExportState,
    exportFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialExportState);
  },
  selectors: {
    selectExport: (state) => state,
  },
});

export const { exportClicked, exportDownloaded, exportFailed } = exportSlice.actions;
export const { selectExport } = exportSlice.selectors;

export default exportSlice;
