import type { Feature } from '../../store/feature';
import badgeSlice from './badgeSlice';
import bellSlice from './bellSlice';
import notificationsSlice from './notificationsSlice';
import { watchShell } from './saga';

/** The signed-in frame: sidebar and header, the Messages badge, the hand-overs' bell, 'Notify me' and the user menu. */
export default {
  name: 'shell',
  slices: [badgeSlice, bellSlice, notificationsSlice],
  saga: watchShell,
} satisfies Feature;
