import { watchInsights } from '../../sagas/insights';
import type { Feature } from '../../store/feature';
import analyticsSlice from './analyticsSlice';
import dashboardInsightsSlice from './dashboardSlice';
import exportSlice from './exportSlice';

/** The dashboard's figures and activity, /analytics and the message export. */
export const insightsFeature = {
  name: 'insights',
  slices: [dashboardInsightsSlice, analyticsSlice, exportSlice],
  saga: watchInsights,
} satisfies Feature;
