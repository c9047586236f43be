import { createEntityAdapter, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant };

/** The toasts waiting, in the order they were shown: the first is on screen, the rest follow one at a time. */
const toastsAdapter = createEntityAdapter<Toast>();

const sameToast = (a: Toast, b: Toast) =>
  a.title === b.title && a.description === b.description && a.variant === b.variant;

const toastsSlice = createSlice({
  name: 'toasts',
  initialState: toastsAdapter.getInitialState(),
  reducers: {
    toastShown: {
      /**
       * A toast saying what one already on screen or waiting says collapses into it. A failure goes ahead
       * of every toast that is not one (on screen too: that one shows again after it), behind earlier failures.
       */
      reducer(state, action: PayloadAction<Toast>) {
        const toast = action.payload;
        if (Object.values(state.entities).some((queued) => sameToast(queued, toast))) return;
        toastsAdapter.addOne(state, toast);
        if (toast.variant !== 'destructive') return;
        const ahead = state.ids.findIndex((id) => state.entities[id].variant !== 'destructive');
        if (ahead === -1 || ahead === state.ids.length - 1) return;
        state.ids.pop();
        state.ids.splice(ahead, 0, toast.id);
      },
      prepare: (toast: ToastInput) => ({ payload: { variant: 'default' as const, ...toast, id: nanoid() } }),
    },
    toastDismissed(state, action: PayloadAction<string>) {
      toastsAdapter.removeOne(state, action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;

type ToastsState = { toasts: ReturnType<typeof toastsSlice.getInitialState> };

export const { selectAll: selectToasts, selectTotal: selectToastCount } = toastsAdapter.getSelectors(
  (state: ToastsState) => state.toasts,
);

/** The one toast on screen: the oldest still open. */
export const selectCurrentToast = (state: ToastsState): Toast | undefined => {
  const [first] = state.toasts.ids;
  return first === undefined ? undefined : state.toasts.entities[first];
};

export default toastsSlice;
