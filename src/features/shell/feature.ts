import type { Feature } from '../../store/feature';
import verificationResendSlice from '../auth/verificationResend';
import badgeSlice from './badgeSlice';
import bellSlice from './bellSlice';
import noticesSlice from './noticesSlice';
import notificationsSlice from './notificationsSlice';
import pushDeviceSlice from './pushDeviceSlice';
import { watchShell } from './saga';

/**
 * The signed-in frame: sidebar and header, the Messages badge, the hand-overs' bell, the notices that need the
 * owner on every page, 'Notify me' and the user menu;
 * and the verification mail's resend, asked from its pages' banners (its state is the session's, in auth/).
 */
export default {
  name: 'shell',
  slices: [badgeSlice, bellSlice, noticesSlice, notificationsSlice, pushDeviceSlice, verificationResendSlice],
  saga: watchShell,
} satisfies Feature;
