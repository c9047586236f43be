import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAnalytics } from './analyticsSlice';
import { exportClicked, selectExport, type ExportFormat } from './exportSlice';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'json', label: 'Export JSON' },
];

/** Downloads the messages of the range on screen. */
export default function ExportButtons() {
  const dispatch = useAppDispatch();
  const { bounds } = useAppSelector(selectAnalytics);
  const { status } = useAppSelector(selectExport);

  return (
    <Stack direction="row" spacing={1}>
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          disabled={!bounds || status === 'exporting'}
          onClick={() => bounds && dispatch(exportClicked({ format, from: bounds.from, to: bounds.to }))}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
