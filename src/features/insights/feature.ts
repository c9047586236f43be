import type { Feature } from '../../store/feature';
import analyticsSlice from './analyticsSlice';
import costsSlice from './costsSlice';
import dashboardInsightsSlice from './dashboardSlice';
import exportSlice from './exportSlice';
import { watchInsights } from './saga';

/** The dashboard's figures and activity, /analytics (its costs too) and the message export. */
export default {
  name: 'insights',
  slices: [dashboardInsightsSlice, analyticsSlice, costsSlice, exportSlice],
  saga: watchInsights,
} satisfies Feature;
