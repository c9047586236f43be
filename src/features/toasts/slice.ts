import { createEntityAdapter, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant };

const toastsAdapter = createEntityAdapter<Toast>();

const toastsSlice = createSlice({
  name: 'toasts',
  initialState: toastsAdapter.getInitialState(),
  reducers: {
    toastShown: {
      reducer: toastsAdapter.addOne,
      prepare: (toast: ToastInput) => ({ payload: { variant: 'default' as const, ...toast, id: nanoid() } }),
    },
    toastDismissed(state, action: PayloadAction<string>) {
      toastsAdapter.removeOne(state, action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectAll: selectToasts } = toastsAdapter.getSelectors(
  (state: { toasts: ReturnType<typeof toastsSlice.getInitialState> }) => state.toasts,
);
export default toastsSlice;
