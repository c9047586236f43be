import costsSlice, {
  costsLoaded,
  costsLoadFailed,
  costsLoadStarted,
  costsMonthStepped,
  initialCostsState,
  rateEditorClosed,
  rateEditorOpened,
  ratesSaved,
  ratesSaveFailed,
  ratesSubmitted,
  shiftMonth,
  type CostsState,
} from '../../../../src/features/insights/costsSlice';
import { aCostReport, aRateCard } from '../../support/fixtures/insights';

const reduce = (state: CostsState, ...actions: Parameters<typeof costsSlice.reducer>[1][]) =>
  actions.reduce(costsSlice.reducer, state);

const loaded = reduce(
  initialCostsState,
  costsLoadStarted({ month: '2026-11' }),
  costsLoaded({ report: aCostReport(), rateCard: aRateCard() }),
);

const RATES = { currency: 'EUR', rates: { marketing: 0.06 } };

describe('the costs slice', () => {
  it('shows the month it loaded', () => {
    expect(loaded).toMatchObject({ month: '2026-11', status: 'loaded', report: aCostReport(), rateCard: aRateCard() });
  });

  it("ignores a month's figures that arrive after the owner moved to another month", () => {
    const moved = reduce(loaded, costsMonthStepped(-1), costsLoadStarted({ month: '2026-10' }));
    const late = reduce(moved, costsLoaded({ report: aCostReport({ month: '2026-11' }), rateCard: aRateCard() }));
    expect(late).toMatchObject({ month: '2026-10', status: 'loading' });
  });

  it('steps over the turn of the year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(reduce(loaded, costsMonthStepped(1)).month).toBe('2026-12');
  });

  it('does not step before a month is shown', () => {
    expect(reduce(initialCostsState, costsMonthStepped(1)).month).toBeNull();
  });

  it('keeps the failure to show with its retry', () => {
    const failed = reduce(
      initialCostsState,
      costsLoadStarted({ month: '2026-11' }),
      costsLoadFailed({ message: 'No' }),
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'No' });
  });

  it('opens the rate editor only once a rate card is known', () => {
    expect(reduce(initialCostsState, rateEditorOpened()).editor.status).toBe('closed');
    expect(reduce(loaded, rateEditorOpened()).editor.status).toBe('editing');
  });

  it('saves: editing → saving → closed with the new card', () => {
    const saved = aRateCard({ currency: 'EUR', is_default: false });
    const saving = reduce(loaded, rateEditorOpened(), ratesSubmitted(RATES));
    expect(saving.editor.status).toBe('saving');
    const done = reduce(saving, ratesSaved(saved));
    expect(done.editor).toEqual(initialCostsState.editor);
    expect(done.rateCard).toEqual(saved);
  });

  it('keeps the dialog open with the refusal and its field', () => {
    const refused = reduce(
      loaded,
      rateEditorOpened(),
      ratesSubmitted(RATES),
      ratesSaveFailed({ message: 'rates.marketing must be a number', field: 'rates.marketing' }),
    );
    expect(refused.editor).toEqual({
      status: 'editing',
      error: 'rates.marketing must be a number',
      field: 'rates.marketing',
    });
  });

  it('ignores a save that arrives when nothing is being saved', () => {
    expect(reduce(loaded, ratesSaved(aRateCard({ currency: 'GBP' }))).rateCard).toEqual(aRateCard());
    expect(reduce(loaded, ratesSaveFailed({ message: 'No', field: null })).editor.status).toBe('closed');
  });

  it('does not close while saving', () => {
    const saving = reduce(loaded, rateEditorOpened(), ratesSubmitted(RATES));
    expect(reduce(saving, rateEditorClosed()).editor.status).toBe('saving');
  });

  it('does not submit from a closed editor', () => {
    expect(reduce(loaded, ratesSubmitted(RATES)).editor.status).toBe('closed');
  });
});
