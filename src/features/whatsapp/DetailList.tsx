import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

export interface DetailListProps {
  details: Detail[];
}

/** Label and value pairs of a card, as a description list. */
export default function DetailList({ details }: DetailListProps) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
    >
      {details.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
