import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { AnalyticsSummary } from '../../../contract';
import { countOf } from '../../../contract/plural';

/** Monday first, as most owners read a week; `dow` 0 is Sunday (contract/analytics.ts). */
export const WEEKDAYS: ReadonlyArray<{ dow: number; name: string }> = [
  { dow: 1, name: 'Mon' },
  { dow: 2, name: 'Tue' },
  { dow: 3, name: 'Wed' },
  { dow: 4, name: 'Thu' },
  { dow: 5, name: 'Fri' },
  { dow: 6, name: 'Sat' },
  { dow: 0, name: 'Sun' },
];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

type BusyCells = AnalyticsSummary['busiest_hours'];

/** Customer messages per weekday and hour, as a 7 × 24 grid (`[dow][hour]`). */
export function busyGrid(cells: BusyCells): number[][] {
  const grid = Array.from({ length: 7 }, () => HOURS.map(() => 0));
  cells.forEach(({ dow, hour, messages }) => {
    grid[dow][hour] += messages;
  });
  return grid;
}

/** The busiest hours as shaded cells; the darker, the more customer messages. */
export default function HeatMap({ cells }: { cells: BusyCells }) {
  const grid = busyGrid(cells);
  const max = Math.max(1, ...grid.flat());

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto repeat(24, minmax(14px, 1fr))',
          gap: '2px',
          minWidth: 420,
          alignItems: 'center',
        }}
      >
        <span />
        {HOURS.map((hour) => (
          <Typography key={hour} variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {hour % 3 === 0 ? hour : ''}
          </Typography>
        ))}
        {WEEKDAYS.map(({ dow, name }) => [
          <Typography key={name} variant="caption" color="text.secondary" sx={{ pr: 1 }}>
            {name}
          </Typography>,
          ...HOURS.map((hour) => {
            const count = grid[dow][hour];
            return (
              <Box
                key={`${name}-${hour}`}
                title={`${name} ${hour}:00 — ${countOf(count, 'message')}`}
                sx={(theme) => ({
                  height: 16,
                  borderRadius: 0.5,
                  backgroundColor:
                    count === 0
                      ? theme.palette.action.hover
                      : alpha(theme.palette.primary.main, 0.15 + 0.85 * (count / max)),
                })}
              />
            );
          }),
        ])}
      </Box>
    </Box>
  );
}
