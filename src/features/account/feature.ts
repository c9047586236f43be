import type { Feature } from '../../store/feature';
import { watchAccount } from './saga';
import accountSlice from './slice';

/** Profile, password, verification and deletion: account settings, the password and e-mail pages, the banners. */
export default { name: 'account', slices: [accountSlice], saga: watchAccount } satisfies Feature;
