import type { Feature } from '../../store/feature';
import analyticsSlice from './analyticsSlice';
import dashboardInsightsSlice from './dashboardSlice';
import exportSlice from './exportSlice';
import { watchInsights } from './saga';

/** The dashboard's figures and activity, /analytics and the message export. */
export default {
  name: 'insights',
  slices: [dashboardInsightsSlice, analyticsSlice, exportSlice],
  saga: watchInsights,
} satisfies Feature;
