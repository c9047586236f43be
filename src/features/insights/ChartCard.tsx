import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import DataTable, { type DataTableProps } from './DataTable';

export interface ChartCardProps {
  title: string;
  description: string;
  loading: boolean;
  /** Nothing to draw: the card says so instead of drawing an empty chart. */
  empty: boolean;
  emptyText?: string;
  /** The figures as a table; without one the content is already readable (a list, a table). */
  table?: Omit<DataTableProps, 'hidden' | 'caption'>;
  children: ReactNode;
}

/** One chart of /analytics with its skeleton, its empty state and its figures as a table. */
export default function ChartCard({
  title,
  description,
  loading,
  empty,
  emptyText = 'No data for this range yet.',
  table,
  children,
}: ChartCardProps) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%', position: 'relative' }}
    >
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {!loading && !empty && table && (
            <Button size="small" onClick={() => setShowTable((shown) => !shown)} aria-pressed={showTable}>
              {showTable ? 'Show chart' : 'Show table'}
            </Button>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
        {loading && <Skeleton variant="rounded" height={240} data-testid="chart-skeleton" />}
        {!loading && empty && (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <Typography color="text.secondary">{emptyText}</Typography>
          </Box>
        )}
        {!loading && !empty && !table && children}
        {!loading && !empty && table && (
          <>
            {!showTable && <Box aria-hidden="true">{children}</Box>}
            <DataTable caption={title} hidden={!showTable} {...table} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
