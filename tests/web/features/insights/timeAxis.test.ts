import type { Timeseries } from '../../../../contract';
import { MIN_LINE_POINTS, readableLabel, timeAxis } from '../../../../src/features/insights/timeAxis';

const point = (label: string): Timeseries['points'][number] => ({
  start: '2026-11-09T08:00:00.000Z',
  label,
  conversations: 1,
  new_conversations: 0,
  customer_messages: 1,
  ai_messages: 1,
  human_messages: 0,
  ai_response_rate: 1,
  handovers: 0,
});

const series = (interval: Timeseries['interval'], labels: string[]): Timeseries => ({
  interval,
  tz: 'UTC',
  points: labels.map(point),
});

const hoursOf = (day: string) => Array.from({ length: 24 }, (_, hour) => `${day}T${String(hour).padStart(2, '0')}:00`);

describe('timeAxis', () => {
  it('shows a one-day range as 24 hourly points labelled by the hour, drawn as a line', () => {
    const axis = timeAxis(series('hour', hoursOf('2026-11-09')));
    expect(axis.per).toBe('hour');
    expect(axis.labels).toHaveLength(24);
    expect(axis.labels.slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(axis.labels[23]).toBe('23:00');
    expect(axis.drawsLine).toBe(true);
  });

  it('names the day of each hour when the hours cross midnight', () => {
    const axis = timeAxis(series('hour', ['2026-11-09T23:00', '2026-11-10T00:00']));
    expect(axis.labels).toEqual(['Nov 9 23:00', 'Nov 10 00:00']);
  });

  it('labels days by month and day', () => {
    expect(timeAxis(series('day', ['2026-11-09', '2026-11-10'])).labels).toEqual(['Nov 9', 'Nov 10']);
  });

  it(`draws bars, not a lone dot, with fewer than ${MIN_LINE_POINTS} points`, () => {
    const axis = timeAxis(series('day', ['2026-11-09']));
    expect(axis.drawsLine).toBe(false);
    expect(axis.labels).toEqual(['Nov 9']);
    expect(timeAxis(null)).toMatchObject({ points: [], labels: [], drawsLine: false, per: 'day' });
  });

  it('keeps a label it does not know as it is', () => {
    expect(readableLabel('week 45', true)).toBe('week 45');
  });
});
