import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { liveEventReceived } from '../../../../src/features/live/slice';
import { DELAY_FN } from '../../support/saga-time';
import { browserTimeZone, insightsApi, saveFile } from '../../../../src/api/insights';
import { ApiError } from '../../../../src/api/client';
import {
  analyticsLoaded,
  analyticsLoadFailed,
  analyticsRangeChanged,
} from '../../../../src/features/insights/analyticsSlice';
import {
  activityLoaded,
  dashboardClosed,
  dashboardOpened,
  dashboardSummaryLoaded,
  dashboardSummaryLoadFailed,
} from '../../../../src/features/insights/dashboardSlice';
import {
  EXPORT_FAILED,
  exportClicked,
  exportDownloaded,
  exportFailed,
} from '../../../../src/features/insights/exportSlice';
import { toastShown } from '../../../../src/features/toasts/slice';
import {
  ACTIVITY_LIMIT,
  exportMessages,
  INSIGHTS_MESSAGES,
  loadAnalytics,
  loadDashboard,
  now,
  watchDashboardLive,
} from '../../../../src/features/insights/saga';
import type { RootState } from '../../../../src/store';
import { ACTIVITY, aDashboardSummary, aTimeseries, anAnalyticsSummary } from '../../support/fixtures/insights';
import { testReducer } from '../../support/store';

function signedIn(token: string | null = 'token-1'): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return { ...initial, auth: { ...initial.auth, accessToken: token } };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the dashboard saga', () => {
  it('loads the cards in the browser time zone and the recent activity', () =>
    expectSaga(loadDashboard)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'Europe/Paris'],
        [matchers.call(insightsApi.dashboardSummary, 'token-1', 'Europe/Paris'), aDashboardSummary()],
        [matchers.call(insightsApi.dashboardActivity, 'token-1', ACTIVITY_LIMIT), ACTIVITY],
      ])
      .put(dashboardSummaryLoaded(aDashboardSummary()))
      .put(activityLoaded(ACTIVITY))
      .run());

  it('keeps the activity when only the cards fail', () =>
    expectSaga(loadDashboard)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [matchers.call.fn(insightsApi.dashboardSummary), throwError(new ApiError('boom', 500))],
        [matchers.call.fn(insightsApi.dashboardActivity), ACTIVITY],
      ])
      .put(dashboardSummaryLoadFailed({ message: INSIGHTS_MESSAGES.summaryFailed }))
      .put(activityLoaded(ACTIVITY))
      .run());

  it('fails both parts without a session instead of hanging', async () => {
    const { storeState } = await expectSaga(loadDashboard).withReducer(testReducer, signedIn(null)).run();
    expect(storeState.dashboardInsights.summary.status).toBe('failed');
    expect(storeState.dashboardInsights.activity.status).toBe('failed');
  });
});

describe('the analytics saga', () => {
  it('asks for the chosen range with the time zone and keeps what it covers', async () => {
    const state = testReducer(
      signedIn(),
      analyticsRangeChanged({ preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-10' }),
    );
    const range = { from: '2026-11-01', to: '2026-11-10', tz: 'Asia/Tokyo' };
    const { storeState } = await expectSaga(loadAnalytics)
      .withReducer(testReducer, state)
      .provide([
        [matchers.call.fn(browserTimeZone), 'Asia/Tokyo'],
        [matchers.call(insightsApi.analyticsSummary, 'token-1', range), anAnalyticsSummary()],
        [matchers.call(insightsApi.analyticsTimeseries, 'token-1', range, 'day'), aTimeseries()],
      ])
      .put(analyticsLoaded({ summary: anAnalyticsSummary(), timeseries: aTimeseries() }))
      .run();
    expect(storeState.analytics.bounds).toEqual({ from: '2026-11-01', to: '2026-11-10', interval: 'day' });
    expect(storeState.analytics.status).toBe('loaded');
  });

  it('asks for nothing while a custom range is unfinished', async () => {
    const state = testReducer(signedIn(), analyticsRangeChanged({ preset: 'custom', fromDay: null, toDay: null }));
    const { effects } = await expectSaga(loadAnalytics).withReducer(testReducer, state).run();
    expect(effects.put).toBeUndefined();
  });

  it('says when the figures cannot be loaded', () =>
    expectSaga(loadAnalytics)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [matchers.call.fn(insightsApi.analyticsSummary), throwError(new ApiError('boom', 500))],
        [matchers.call.fn(insightsApi.analyticsTimeseries), aTimeseries()],
      ])
      .put(analyticsLoadFailed({ message: INSIGHTS_MESSAGES.analyticsFailed }))
      .run());

  it('passes on why the server refused a range', () =>
    expectSaga(loadAnalytics)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [
          matchers.call.fn(insightsApi.analyticsSummary),
          throwError(new ApiError('The range must not be longer than 366 days.', 422)),
        ],
        [matchers.call.fn(insightsApi.analyticsTimeseries), aTimeseries()],
      ])
      .put(analyticsLoadFailed({ message: 'The range must not be longer than 366 days.' }))
      .run());
});

describe('the export saga', () => {
  const file = { blob: new Blob(['a,b\n']), filename: 'messages.csv' };

  /** The export saga for `action`, expected to ask the API for `query` and save the file it answers. */
  const expectDownload = (
    action: ReturnType<typeof exportClicked>,
    query: Parameters<typeof insightsApi.exportMessages>[1],
    clock: Date = new Date(),
  ) =>
    expectSaga(exportMessages, action)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(now), clock],
        [matchers.call.fn(browserTimeZone), query.tz],
        [matchers.call(insightsApi.exportMessages, 'token-1', query), file],
        [matchers.call(saveFile, file), undefined],
      ])
      .call(saveFile, file)
      .put(exportDownloaded())
      .run();

  it('downloads the given range', () =>
    expectDownload(exportClicked({ format: 'json', from: '2026-11-01', to: '2026-11-07' }), {
      format: 'json',
      from: '2026-11-01',
      to: '2026-11-07',
      tz: 'UTC',
    }));

  it('exports the last 30 of the owner’s days from the dashboard, today included', () =>
    expectDownload(
      exportClicked({ format: 'csv' }),
      { format: 'csv', from: '2026-10-24', to: '2026-11-22', tz: 'Europe/Lisbon' },
      new Date(2026, 10, 22, 0, 30),
    ));

  it('tells the owner when the download fails', () =>
    expectSaga(exportMessages, exportClicked({ format: 'csv' }))
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [matchers.call.fn(insightsApi.exportMessages), throwError(new ApiError('boom', 500))],
      ])
      .put(exportFailed({ message: EXPORT_FAILED }))
      .put.like({ action: { type: toastShown.type, payload: { title: EXPORT_FAILED, variant: 'destructive' } } })
      .run());
});

describe('the dashboard, live', () => {
  it('reloads its figures and activity once after a burst of changes while it shows, and not after it closed', async () => {
    const received = (messageId: number) =>
      liveEventReceived({ event: { type: 'message.received', conversationId: '1@c.us', messageId } });
    const summary = jest.fn(() => aDashboardSummary());
    await expectSaga(watchDashboardLive)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'Europe/Paris'],
        [matchers.call.fn(insightsApi.dashboardSummary), dynamic(summary)],
        [matchers.call.fn(insightsApi.dashboardActivity), ACTIVITY],
        [matchers.call.fn(DELAY_FN), null],
      ])
      .dispatch(received(1))
      .dispatch(dashboardOpened())
      .dispatch(received(2))
      .put(dashboardSummaryLoaded(aDashboardSummary()))
      .put(activityLoaded(ACTIVITY))
      .dispatch(dashboardClosed())
      .dispatch(received(3))
      .run({ silenceTimeout: true });
    expect(summary).toHaveBeenCalledTimes(1);
  });
});
