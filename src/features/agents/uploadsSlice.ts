import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DocumentItem } from '../../../contract/agents';
import { loggedOut } from '../auth/slice';
import { agentDetailClosed } from './detailSlice';
import type { ChosenFile } from './uploadFiles';

/** SPEC.md §3/§4 Upload item: chosen, then uploading, then success or error. */
export type UploadStatus = 'chosen' | 'uploading' | 'success' | 'error';

/** Where files were chosen: the upload page, or the Quick Upload card of the agent page. */
export type UploadSource = 'page' | 'quick';

export interface UploadItem {
  id: string;
  agentId: number;
  source: UploadSource;
  name: string;
  size: number;
  /** 0–100, from the browser's real upload progress. */
  progress: number;
  status: UploadStatus;
  error: string | null;
}

const uploadsAdapter = createEntityAdapter<UploadItem>();

export interface UploadsState {
  items: ReturnType<typeof uploadsAdapter.getInitialState>;
  /** The upload page's validation errors, all together (SPEC.md §5). */
  pageErrors: string[];
  /** How many files the refused choice held: the alert speaks of one file or of the whole batch. */
  pageRejectedFiles: number;
  /** A batch per source is under way. */
  busy: Record<UploadSource, boolean>;
}

export const initialUploadsState: UploadsState = {
  items: uploadsAdapter.getInitialState(),
  pageErrors: [],
  pageRejectedFiles: 0,
  busy: { page: false, quick: false },
};

interface FilesChoice {
  agentId: number;
  source: UploadSource;
  files: ChosenFile[];
}

interface ForUpload {
  id: string;
}

const removeSource = (state: UploadsState, source: UploadSource) => {
  const ids = Object.values(state.items.entities)
    .filter((item) => item.source === source)
    .map((item) => item.id);
  uploadsAdapter.removeMany(state.items, ids);
  state.busy[source] = false;
  if (source === 'page') Object.assign(state, { pageErrors: [], pageRejectedFiles: 0 });
};

const uploadsSlice = createSlice({
  name: 'agentUploads',
  initialState: initialUploadsState,
  reducers: {
    /** Files were picked or dropped; the saga checks them before any is kept. */
    filesChosen(_state, _action: PayloadAction<FilesChoice>) {},
    filesAccepted(state, action: PayloadAction<FilesChoice>) {
      const { agentId, source, files } = action.payload;
      if (source === 'page') Object.assign(state, { pageErrors: [], pageRejectedFiles: 0 });
      uploadsAdapter.addMany(
        state.items,
        files.map(({ id, name, size }) => ({
          id,
          agentId,
          source,
          name,
          size,
          progress: 0,
          status: 'chosen' as const,
          error: null,
        })),
      );
    },
    filesRejected(state, action: PayloadAction<{ source: UploadSource; errors: string[]; files: number }>) {
      const { source, errors, files } = action.payload;
      if (source === 'page') Object.assign(state, { pageErrors: errors, pageRejectedFiles: files });
    },
    uploadRemoved(state, action: PayloadAction<ForUpload>) {
      const item = state.items.entities[action.payload.id];
      if (item && item.status !== 'uploading') uploadsAdapter.removeOne(state.items, item.id);
    },
    uploadsSubmitted(_state, _action: PayloadAction<{ agentId: number; source: UploadSource }>) {},
    uploadBatchStarted(state, action: PayloadAction<{ source: UploadSource; ids: string[] }>) {
      state.busy[action.payload.source] = true;
      for (const id of action.payload.ids) {
        const item = state.items.entities[id];
        if (item?.status === 'chosen') Object.assign(item, { status: 'uploading', progress: 0, error: null });
      }
    },
    uploadProgressed(state, action: PayloadAction<ForUpload & { percent: number }>) {
      const item = state.items.entities[action.payload.id];
      // Progress only moves forward, and only while the file is on its way.
      if (item?.status === 'uploading') item.progress = Math.max(item.progress, action.payload.percent);
    },
    uploadSucceeded(state, action: PayloadAction<ForUpload & { document: DocumentItem }>) {
      const item = state.items.entities[action.payload.id];
      if (item?.status === 'uploading') Object.assign(item, { status: 'success', progress: 100 });
    },
    uploadFailed(state, action: PayloadAction<ForUpload & { message: string }>) {
      const item = state.items.entities[action.payload.id];
      if (item?.status === 'uploading') Object.assign(item, { status: 'error', error: action.payload.message });
    },
    uploadCancelClicked(_state, _action: PayloadAction<ForUpload>) {},
    /** The transfer was aborted: the file leaves the list. */
    uploadCancelled(state, action: PayloadAction<ForUpload>) {
      uploadsAdapter.removeOne(state.items, action.payload.id);
    },
    uploadBatchFinished(state, action: PayloadAction<{ source: UploadSource; succeeded: number; failed: number }>) {
      state.busy[action.payload.source] = false;
    },
    uploadPageOpened(state) {
      removeSource(state, 'page');
    },
    uploadPageClosed(state) {
      removeSource(state, 'page');
    },
  },
  extraReducers: (builder) => {
    builder.addCase(agentDetailClosed, (state) => removeSource(state, 'quick'));
    builder.addCase(loggedOut, () => initialUploadsState);
  },
  selectors: {
    selectUploadItemsState: (state) => state.items,
    selectUploadPageErrors: (state) => state.pageErrors,
    selectUploadPageRejectedFiles: (state) => state.pageRejectedFiles,
    selectUploadsBusy: (state) => state.busy,
  },
});

export const {
  filesChosen,
  filesAccepted,
  filesRejected,
  uploadRemoved,
  uploadsSubmitted,
  uploadBatchStarted,
  uploadProgressed,
  uploadSucceeded,
  uploadFailed,
  uploadCancelClicked,
  uploadCancelled,
  uploadBatchFinished,
  uploadPageOpened,
  uploadPageClosed,
} = uploadsSlice.actions;
export const { selectUploadItemsState, selectUploadPageErrors, selectUploadPageRejectedFiles, selectUploadsBusy } =
  uploadsSlice.selectors;
export const { selectAll: selectAllUploadItems } = uploadsAdapter.getSelectors();
export default uploadsSlice;
