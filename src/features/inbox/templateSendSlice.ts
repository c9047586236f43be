import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Message, Template } from '../../../contract';
import { loggedOut } from '../auth/slice';

/**
 * Sending a WhatsApp template to a conversation whose 24-hour window closed: the dialog's list of
 * templates (read from WhatsApp each time it opens) and the send. Each is a small machine of its own.
 */
export type TemplateChoicesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A refusal as the dialog shows it: the API's reason, and the field it blames when it names one. */
export interface Refusal {
  message: string;
  field: string | null;
}

export interface TemplateSendState {
  /** The owner's templates as the dialog last read them (it offers the approved ones). */
  choices: { status: TemplateChoicesStatus; list: Template[]; error: string | null };
  send: { status: 'idle' | 'sending' | 'failed'; refusal: Refusal | null; sent: number };
}

export const initialTemplateSendState: TemplateSendState = {
  choices: { status: 'idle', list: [], error: null },
  send: { status: 'idle', refusal: null, sent: 0 },
};

export interface TemplateSendSubmission {
  conversationId: string;
  templateId: number;
  bodyValues: string[];
  headerValues: string[];
}

const templateSendSlice = createSlice({
  name: 'templateSend',
  initialState: initialTemplateSendState,
  reducers: {
    /** The send dialog opened: the templates are read again from WhatsApp. */
    templateDialogOpened(state) {
      state.choices.status = 'loading';
      state.choices.error = null;
    },
    templateChoicesLoaded(state, action: PayloadAction<Template[]>) {
      state.choices.status = 'loaded';
      state.choices.list = action.payload;
    },
    templateChoicesLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.choices.status === 'loading') {
        state.choices.status = 'failed';
        state.choices.error = action.payload.message;
      }
    },
    templateSendSubmitted(state, _action: PayloadAction<TemplateSendSubmission>) {
      if (state.send.status !== 'sending') state.send = { ...state.send, status: 'sending', refusal: null };
    },
    /** The template went to the customer as the owner's reply: the conversation shows it as any reply (slice.ts). */
    templateSent(state, _action: PayloadAction<{ conversationId: string; message: Message }>) {
      if (state.send.status === 'sending') state.send = { status: 'idle', refusal: null, sent: state.send.sent + 1 };
    },
    templateSendFailed(state, action: PayloadAction<Refusal>) {
      if (state.send.status === 'sending') state.send = { ...state.send, status: 'failed', refusal: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialTemplateSendState);
  },
});

export const {
  templateDialogOpened,
  templateChoicesLoaded,
  templateChoicesLoadFailed,
  templateSendSubmitted,
  templateSent,
  templateSendFailed,
} = templateSendSlice.actions;

export default templateSendSlice;
