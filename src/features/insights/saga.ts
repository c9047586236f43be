import { all, call, delay, fork, put, race, select, take, takeLatest, takeLeading } from 'typed-redux-saga';
import { liveEventWhere } from '../live/events';
import { ApiError } from '../../api/client';
import { browserTimeZone, insightsApi, saveFile } from '../../api/insights';
import {
  analyticsLoaded,
  analyticsLoadFailed,
  analyticsLoadStarted,
  analyticsOpened,
  analyticsRangeChanged,
  analyticsRetryClicked,
  selectAnalyticsRange,
} from './analyticsSlice';
import {
  activityLoaded,
  activityLoadFailed,
  dashboardLoadStarted,
  dashboardOpened,
  dashboardClosed,
  dashboardRetryClicked,
  dashboardSummaryLoaded,
  dashboardSummaryLoadFailed,
} from './dashboardSlice';
import {
  costsLoaded,
  costsLoadFailed,
  costsLoadStarted,
  costsMonthStepped,
  costsRetryClicked,
  ratesSaved,
  ratesSaveFailed,
  ratesSubmitted,
  selectCostsMonth,
} from './costsSlice';
import { EXPORT_FAILED, exportClicked, exportDownloaded, exportFailed } from './exportSlice';
import { lastDays, rangeBounds } from './range';
import { toastShown } from '../toasts/slice';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';

/** What the owner reads when a figure cannot be loaded. */
export const INSIGHTS_MESSAGES = {
  summaryFailed: 'The figures could not be loaded.',
  activityFailed: 'The recent activity could not be loaded.',
  analyticsFailed: 'The analytics could not be loaded.',
  costsFailed: 'The costs could not be loaded.',
  ratesFailed: 'The rates could not be saved.',
} as const;

/** How many events the dashboard's recent activity lists. */
export const ACTIVITY_LIMIT = 10;
/** The dashboard's 'Export Chat Data' covers this many of the owner's days, today included, as CSV. */
export const DASHBOARD_EXPORT_DAYS = 30;

/** The clock, as an effect tests can provide. */
export const now = () => new Date();

function* loadSummary(token: string, tz: string) {
  try {
    const summary = yield* call(insightsApi.dashboardSummary, token, tz);
    yield* put(dashboardSummaryLoaded(summary));
  } catch (error) {
    console.error('The dashboard figures could not be loaded', error);
    yield* put(dashboardSummaryLoadFailed({ message: INSIGHTS_MESSAGES.summaryFailed }));
  }
}

function* loadActivity(token: string) {
  try {
    const activity = yield* call(insightsApi.dashboardActivity, token, ACTIVITY_LIMIT);
    yield* put(activityLoaded(activity));
  } catch (error) {
    console.error('The recent activity could not be loaded', error);
    yield* put(activityLoadFailed({ message: INSIGHTS_MESSAGES.activityFailed }));
  }
}

/** The four cards and the recent activity, side by side, in the browser's time zone. */
export function* loadDashboard() {
  yield* put(dashboardLoadStarted());
  let token: string;
  try {
    token = yield* call(requireAccessToken);
  } catch (error) {
    console.error('The dashboard could not be loaded', error);
    yield* put(dashboardSummaryLoadFailed({ message: INSIGHTS_MESSAGES.summaryFailed }));
    yield* put(activityLoadFailed({ message: INSIGHTS_MESSAGES.activityFailed }));
    return;
  }
  const tz = yield* call(browserTimeZone);
  yield* all([call(loadSummary, token, tz), call(loadActivity, token)]);
}

/** A burst of live changes reloads the dashboard once, this long after the first. */
export const DASHBOARD_LIVE_PAUSE_MS = 1000;

/** What moves the dashboard's figures or its recent activity. */
const dashboardChanged = liveEventWhere((event) =>
  ['message.received', 'message.sent', 'handover.opened', 'handover.closed', 'connection.changed'].includes(event.type),
);

/** While the dashboard shows, each live change reloads its figures and activity in place (no skeletons). */
export function* refreshDashboardLive() {
  while (true) {
    yield* take(dashboardChanged);
    yield* delay(DASHBOARD_LIVE_PAUSE_MS);
    const token = yield* call(requireAccessToken);
    const tz = yield* call(browserTimeZone);
    yield* all([call(loadSummary, token, tz), call(loadActivity, token)]);
  }
}

export function* watchDashboardLive() {
  while (true) {
    yield* take(dashboardOpened);
    yield* race({ live: call(safely(refreshDashboardLive)), closed: take(dashboardClosed) });
  }
}

/** The summary and the time series of the chosen range. */
export function* loadAnalytics() {
  const range = yield* select(selectAnalyticsRange);
  const today = yield* call(now);
  const bounds = rangeBounds(range, today);
  // An unfinished custom range waits for its days.
  if (!bounds) return;
  yield* put(analyticsLoadStarted(bounds));
  try {
    const token = yield* call(requireAccessToken);
    const tz = yield* call(browserTimeZone);
    const query = { from: bounds.from, to: bounds.to, tz };
    const { summary, timeseries } = yield* all({
      summary: call(insightsApi.analyticsSummary, token, query),
      timeseries: call(insightsApi.analyticsTimeseries, token, query, bounds.interval),
    });
    yield* put(analyticsLoaded({ summary, timeseries }));
  } catch (error) {
    console.error('The analytics could not be loaded', error);
    // A range the server refuses (too long, say) is explained in its own words.
    const refused = error instanceof ApiError && error.status === 422;
    yield* put(analyticsLoadFailed({ message: refused ? error.message : INSIGHTS_MESSAGES.analyticsFailed }));
  }
}

/** `date`'s month (YYYY-MM) in the time zone `tz`. */
export function monthIn(date: Date, tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit' }).format(date);
  } catch {
    return date.toISOString().slice(0, 7);
  }
}

/** The Costs card: the month shown (the current one at first) and the rate card it is priced at. */
export function* loadCosts() {
  const tz = yield* call(browserTimeZone);
  const shown = yield* select(selectCostsMonth);
  const month = shown ?? monthIn(yield* call(now), tz);
  yield* put(costsLoadStarted({ month }));
  try {
    const token = yield* call(requireAccessToken);
    const { report, rateCard } = yield* all({
      report: call(insightsApi.monthCosts, token, month, tz),
      rateCard: call(insightsApi.rateCard, token),
    });
    yield* put(costsLoaded({ report, rateCard }));
  } catch (error) {
    console.error('The costs could not be loaded', error);
    yield* put(costsLoadFailed({ message: INSIGHTS_MESSAGES.costsFailed }));
  }
}

/** Saves the owner's rates; a refusal names the field at fault, in the server's words. */
export function* saveRates({ payload }: ReturnType<typeof ratesSubmitted>) {
  try {
    const token = yield* call(requireAccessToken);
    const card = yield* call(insightsApi.saveRateCard, token, payload);
    yield* put(ratesSaved(card));
  } catch (error) {
    console.error('The rates could not be saved', error);
    const refused = error instanceof ApiError && error.status === 422;
    yield* put(
      ratesSaveFailed({
        message: refused ? error.message : INSIGHTS_MESSAGES.ratesFailed,
        field: refused ? (error.field ?? null) : null,
      }),
    );
  }
}

/**
 * Downloads the owner's messages of a range as a file; the dashboard's export is the last 30 whole
 * days, as /analytics' 'Last 30 days' reads them, so both name and hold the same days.
 */
export function* exportMessages({ payload }: ReturnType<typeof exportClicked>) {
  try {
    const token = yield* call(requireAccessToken);
    const tz = yield* call(browserTimeZone);
    let { from, to } = payload;
    if (!from || !to) {
      const today = yield* call(now);
      ({ from, to } = lastDays(DASHBOARD_EXPORT_DAYS, today));
    }
    const file = yield* call(insightsApi.exportMessages, token, {
      format: payload.format,
      from,
      to,
      tz,
    });
    yield* call(saveFile, file);
    yield* put(exportDownloaded());
  } catch (error) {
    console.error('The export could not be downloaded', error);
    yield* put(exportFailed({ message: EXPORT_FAILED }));
    yield* put(toastShown({ title: EXPORT_FAILED, variant: 'destructive' }));
  }
}

/** Effects of the dashboard's figures, /analytics (with its costs) and the export (src/features/insights). */
export function* watchInsights() {
  yield* takeLatest([dashboardOpened.type, dashboardRetryClicked.type], safely(loadDashboard));
  yield* fork(watchDashboardLive);
  yield* takeLatest(
    [analyticsOpened.type, analyticsRangeChanged.type, analyticsRetryClicked.type],
    safely(loadAnalytics),
  );
  yield* takeLatest(
    [analyticsOpened.type, costsMonthStepped.type, costsRetryClicked.type, ratesSaved.type],
    safely(loadCosts),
  );
  yield* takeLeading(ratesSubmitted, safely(saveRates));
  yield* takeLeading(exportClicked, safely(exportMessages));
}
