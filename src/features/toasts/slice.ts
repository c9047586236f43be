import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant };

const sameToast = (a: Toast, b: Toast) =>
  a.title === b.title && a.description === b.description && a.variant === b.variant;

/**
 * The toasts waiting, in the order they show: the first is on screen, the rest follow one at a time. A plain
 * list (an entity adapter would bring its code into the landing page's script for a handful of toasts).
 */
const initialState: { queue: Toast[] } = { queue: [] };

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      /**
       * A toast saying what one already on screen or waiting says collapses into it. A failure goes ahead
       * of every toast that is not one (on screen too: that one shows again after it), behind earlier failures.
       */
      reducer(state, action: PayloadAction<Toast>) {
        const toast = action.payload;
        if (state.queue.some((queued) => sameToast(queued, toast))) return;
        const ahead =
          toast.variant === 'destructive' ? state.queue.findIndex((queued) => queued.variant !== 'destructive') : -1;
        if (ahead === -1) state.queue.push(toast);
        else state.queue.splice(ahead, 0, toast);
      },
      prepare: (toast: ToastInput) => ({ payload: { variant: 'default' as const, ...toast, id: nanoid() } }),
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.queue = state.queue.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;

type ToastsState = { toasts: typeof initialState };

export const selectToasts = (state: ToastsState): Toast[] => state.toasts.queue;
export const selectToastCount = (state: ToastsState): number => state.toasts.queue.length;
/** The one toast on screen: the oldest still open. */
export const selectCurrentToast = (state: ToastsState): Toast | undefined => state.toasts.queue[0];

export default toastsSlice;
