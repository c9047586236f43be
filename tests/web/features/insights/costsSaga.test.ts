import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { browserTimeZone, insightsApi } from '../../../../src/api/insights';
import {
  costsLoaded,
  costsLoadFailed,
  costsLoadStarted,
  costsMonthStepped,
  rateEditorOpened,
  ratesSaved,
  ratesSaveFailed,
  ratesSubmitted,
} from '../../../../src/features/insights/costsSlice';
import { INSIGHTS_MESSAGES, loadCosts, monthIn, now, saveRates } from '../../../../src/features/insights/saga';
import type { RootState } from '../../../../src/store';
import { aCostReport, aRateCard } from '../../support/fixtures/insights';
import { testReducer } from '../../support/store';

function signedIn(): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return { ...initial, auth: { ...initial.auth, accessToken: 'token-1' } };
}

function showing(month: string): RootState {
  return [costsLoadStarted({ month }), costsLoaded({ report: aCostReport({ month }), rateCard: aRateCard() })].reduce(
    testReducer,
    signedIn(),
  );
}

const RATES = { currency: 'EUR', rates: { marketing: 0.06 } };

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the costs saga', () => {
  it("loads the current month in the browser's time zone, with the rate card", () =>
    expectSaga(loadCosts)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'Asia/Tokyo'],
        // 2026-11-30T20:00Z is already December in Tokyo.
        [matchers.call.fn(now), new Date('2026-11-30T20:00:00Z')],
        [matchers.call(insightsApi.monthCosts, 'token-1', '2026-12', 'Asia/Tokyo'), aCostReport({ month: '2026-12' })],
        [matchers.call(insightsApi.rateCard, 'token-1'), aRateCard()],
      ])
      .put(costsLoadStarted({ month: '2026-12' }))
      .put(costsLoaded({ report: aCostReport({ month: '2026-12' }), rateCard: aRateCard() }))
      .run());

  it('loads the month the owner stepped to', () =>
    expectSaga(loadCosts)
      .withReducer(testReducer, testReducer(showing('2026-11'), costsMonthStepped(-1)))
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [matchers.call(insightsApi.monthCosts, 'token-1', '2026-10', 'UTC'), aCostReport({ month: '2026-10' })],
        [matchers.call(insightsApi.rateCard, 'token-1'), aRateCard()],
      ])
      .put(costsLoadStarted({ month: '2026-10' }))
      .put(costsLoaded({ report: aCostReport({ month: '2026-10' }), rateCard: aRateCard() }))
      .run());

  it('says the costs could not be loaded', () =>
    expectSaga(loadCosts)
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(browserTimeZone), 'UTC'],
        [matchers.call.fn(now), new Date('2026-11-10T00:00:00Z')],
        [matchers.call.fn(insightsApi.monthCosts), throwError(new Error('offline'))],
        [matchers.call.fn(insightsApi.rateCard), aRateCard()],
      ])
      .put(costsLoadFailed({ message: INSIGHTS_MESSAGES.costsFailed }))
      .run());

  it('saves the rates and hands the saved card on', () => {
    const saved = aRateCard({ currency: 'EUR', is_default: false });
    return expectSaga(saveRates, ratesSubmitted(RATES))
      .withReducer(testReducer, [rateEditorOpened(), ratesSubmitted(RATES)].reduce(testReducer, showing('2026-11')))
      .provide([[matchers.call(insightsApi.saveRateCard, 'token-1', RATES), saved]])
      .put(ratesSaved(saved))
      .hasFinalState(
        [rateEditorOpened(), ratesSubmitted(RATES), ratesSaved(saved)].reduce(testReducer, showing('2026-11')),
      )
      .run();
  });

  it("shows a refusal in the server's words, with the field it names", () => {
    const refusal = new ApiError(
      'rates.marketing must be a number from 0 to 1000.',
      422,
      'validation_failed',
      'rates.marketing',
    );
    return expectSaga(saveRates, ratesSubmitted(RATES))
      .withReducer(testReducer, showing('2026-11'))
      .provide([[matchers.call.fn(insightsApi.saveRateCard), throwError(refusal)]])
      .put(ratesSaveFailed({ message: refusal.message, field: 'rates.marketing' }))
      .run();
  });

  it('says the rates could not be saved when the server is out of reach', () =>
    expectSaga(saveRates, ratesSubmitted(RATES))
      .withReducer(testReducer, showing('2026-11'))
      .provide([[matchers.call.fn(insightsApi.saveRateCard), throwError(new TypeError('Failed to fetch'))]])
      .put(ratesSaveFailed({ message: INSIGHTS_MESSAGES.ratesFailed, field: null }))
      .run());
});

describe('monthIn', () => {
  it("names the month in the owner's zone", () => {
    expect(monthIn(new Date('2026-12-31T23:30:00Z'), 'UTC')).toBe('2026-12');
    expect(monthIn(new Date('2026-12-31T23:30:00Z'), 'Europe/Paris')).toBe('2027-01');
  });
});
