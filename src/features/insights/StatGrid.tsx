import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface StatGridProps {
  /** How many cards stand side by side on a wide screen. */
  columns: number;
  children: ReactNode;
}

/** Stat cards in a grid: one column on a phone, two on a tablet, `columns` on a wide screen. */
export default function StatGrid({ columns, children }: StatGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}
