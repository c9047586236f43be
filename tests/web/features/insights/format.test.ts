import { fileNameOf } from '../../../../src/api/insights';
import { changeOf, formatDuration, formatRate } from '../../../../src/features/insights/format';
import { customRangeError, rangeBounds, type DateRange } from '../../../../src/features/insights/range';

describe('the change against the previous 24 h', () => {
  it.each<[Parameters<typeof changeOf>, string | null, string | null]>([
    [['count', 56, 50], '+12% vs previous 24 h', 'up'],
    [['count', 9, 12], '-25% vs previous 24 h', 'down'],
    [['count', 4, 0], 'Up from 0 vs previous 24 h', 'up'],
    [['count', 0, 0], 'No change vs previous 24 h', 'flat'],
    [['rate', 0.8, 0.75], '+5 pts vs previous 24 h', 'up'],
    [['rate', 0.5, 0.75], '-25 pts vs previous 24 h', 'down'],
    [['duration', 95, 120], '-21% vs previous 24 h', 'down'],
    [['rate', null, 0.5], null, null],
    [['duration', 30, null], null, null],
  ])('%j reads %s', (args, label, direction) => {
    const change = changeOf(...args);
    expect(change?.label ?? null).toBe(label);
    expect(change?.direction ?? null).toBe(direction);
  });

  it('calls a faster answer good news and a lower AI rate bad news; message counts are neutral', () => {
    expect(changeOf('duration', 60, 120)?.tone).toBe('good');
    expect(changeOf('rate', 0.5, 0.9)?.tone).toBe('bad');
    expect(changeOf('count', 10, 1)?.tone).toBe('neutral');
  });
});

describe('figures', () => {
  it.each([
    [null, 'N/A'],
    [4.4, '4s'],
    [95, '1m 35s'],
    [120, '2m'],
    [3900, '1h 5m'],
    [7200, '2h'],
  ])('writes %p seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('writes rates as whole percentages', () => {
    expect(formatRate(0.666)).toBe('67%');
    expect(formatRate(null)).toBe('N/A');
  });
});

describe('date ranges', () => {
  const now = new Date(2026, 10, 22, 8, 30);
  const range = (overrides: Partial<DateRange>): DateRange => ({
    preset: '7d',
    fromDay: null,
    toDay: null,
    ...overrides,
  });

  it('covers whole days ending today', () => {
    expect(rangeBounds(range({ preset: '7d' }), now)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      interval: 'day',
    });
    expect(rangeBounds(range({ preset: '30d' }), now)?.from).toBe('2026-10-24');
    expect(rangeBounds(range({ preset: '90d' }), now)?.from).toBe('2026-08-25');
  });

  it('covers the last 24 hours by the hour', () => {
    expect(rangeBounds(range({ preset: '24h' }), now)).toEqual({
      from: new Date(2026, 10, 21, 8, 30).toISOString(),
      to: now.toISOString(),
      interval: 'hour',
    });
  });

  it('takes custom days as they are, and none that are missing, impossible or reversed', () => {
    expect(rangeBounds(range({ preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-03' }), now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-03',
      interval: 'day',
    });
    // One day by the day would be a single point: it is asked for by the hour.
    expect(rangeBounds(range({ preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-01' }), now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
      interval: 'hour',
    });
    expect(customRangeError(range({ preset: 'custom', fromDay: null, toDay: '2026-11-01' }))).toBe(
      'Choose the first day.',
    );
    expect(customRangeError(range({ preset: 'custom', fromDay: '2026-02-30', toDay: '2026-03-01' }))).toBe(
      'Choose the first day.',
    );
    expect(rangeBounds(range({ preset: 'custom', fromDay: '2026-11-02', toDay: '2026-11-01' }), now)).toBeNull();
  });
});

describe('export file names', () => {
  it('reads the server’s name, or falls back', () => {
    expect(fileNameOf('attachment; filename="messages-2026-11-01-2026-11-07.csv"', 'x.csv')).toBe(
      'messages-2026-11-01-2026-11-07.csv',
    );
    expect(fileNameOf("attachment; filename*=UTF-8''m%C3%A9ssages.json", 'x.json')).toBe('méssages.json');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
