import { watchAccount } from '../../sagas/account';
import type { Feature } from '../../store/feature';
import accountSlice from './slice';

/** Profile, password, verification and deletion: account settings, the auth pages and the banners. */
export const accountFeature = { name: 'account', slices: [accountSlice], saga: watchAccount } satisfies Feature;
