import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NewTemplate, Template } from '../../../contract';
import { loggedOut } from '../auth/slice';

/**
 * The owner's WhatsApp templates: the list (loaded with a sync from WhatsApp), the create form's
 * submission and a deletion. Each is a small machine of its own. Sending one to a conversation is the
 * inbox's (src/features/inbox/templateSendSlice.ts).
 */
export type TemplatesLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A refusal as the form shows it: the API's reason, and the field it blames when it names one. */
export interface Refusal {
  message: string;
  field: string | null;
}

export interface TemplatesState {
  status: TemplatesLoadStatus;
  list: Template[];
  error: string | null;
  create: { status: 'idle' | 'saving' | 'failed'; refusal: Refusal | null; created: number };
  /** The template being deleted. */
  deletingId: number | null;
}

export const initialTemplatesState: TemplatesState = {
  status: 'idle',
  list: [],
  error: null,
  create: { status: 'idle', refusal: null, created: 0 },
  deletingId: null,
};

const templatesSlice = createSlice({
  name: 'templates',
  initialState: initialTemplatesState,
  reducers: {
    /** The Templates page opened (or asked again): the list is read again from WhatsApp. */
    templatesRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    templatesLoaded(state, action: PayloadAction<Template[]>) {
      state.status = 'loaded';
      state.list = action.payload;
    },
    templatesLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.status === 'loading') {
        state.status = 'failed';
        state.error = action.payload.message;
      }
    },
    templateSubmitted(state, _action: PayloadAction<NewTemplate>) {
      if (state.create.status !== 'saving') state.create = { ...state.create, status: 'saving', refusal: null };
    },
    templateCreated(state, action: PayloadAction<Template>) {
      if (state.create.status !== 'saving') return;
      state.create = { status: 'idle', refusal: null, created: state.create.created + 1 };
      state.list = [...state.list.filter((t) => t.id !== action.payload.id), action.payload].sort((a, b) =>
        a.name === b.name ? a.language.localeCompare(b.language) : a.name.localeCompare(b.name),
      );
    },
    templateCreateFailed(state, action: PayloadAction<Refusal>) {
      if (state.create.status === 'saving')
        state.create = { ...state.create, status: 'failed', refusal: action.payload };
    },
    templateDeleteConfirmed(state, action: PayloadAction<number>) {
      if (state.deletingId === null) state.deletingId = action.payload;
    },
    templateDeleted(state, action: PayloadAction<number>) {
      state.list = state.list.filter((template) => template.id !== action.payload);
      if (state.deletingId === action.payload) state.deletingId = null;
    },
    templateDeleteFailed(state, action: PayloadAction<number>) {
      if (state.deletingId === action.payload) state.deletingId = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialTemplatesState);
  },
});

export const {
  templatesRequested,
  templatesLoaded,
  templatesLoadFailed,
  templateSubmitted,
  templateCreated,
  templateCreateFailed,
  templateDeleteConfirmed,
  templateDeleted,
  templateDeleteFailed,
} = templatesSlice.actions;

export default templatesSlice;
