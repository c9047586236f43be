import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { analyticsRangeChanged, selectAnalyticsRange } from './analyticsSlice';
import { customRangeError, dayOf, RANGE_LABELS, type DateRange, type RangePreset } from './range';

const PRESETS: readonly RangePreset[] = ['24h', '7d', '30d', '90d', 'custom'];

/** The range /analytics covers: a preset, or custom days. */
export default function RangePicker() {
  const dispatch = useAppDispatch();
  const range = useAppSelector(selectAnalyticsRange);
  const change = (next: DateRange) => dispatch(analyticsRangeChanged(next));

  const choosePreset = (preset: RangePreset | null) => {
    if (!preset || preset === range.preset) return;
    if (preset !== 'custom') return change({ preset, fromDay: null, toDay: null });
    // A custom range starts as the last 7 days, ready to be edited.
    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    change({ preset, fromDay: range.fromDay ?? dayOf(weekAgo), toDay: range.toDay ?? dayOf(today) });
  };
  const error = range.preset === 'custom' ? customRangeError(range) : null;

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={range.preset}
        onChange={(_event, preset: RangePreset | null) => choosePreset(preset)}
        aria-label="Date range"
        sx={{ flexWrap: 'wrap' }}
      >
        {PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {RANGE_LABELS[preset]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {range.preset === 'custom' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="From"
            type="date"
            size="small"
            value={range.fromDay ?? ''}
            onChange={(event) => change({ ...range, fromDay: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={range.toDay ?? ''}
            onChange={(event) => change({ ...range, toDay: event.target.value || null })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error && (
            <Typography role="alert" color="error" variant="body2" sx={{ alignSelf: 'center' }}>
              {error}
            </Typography>
          )}
        </Stack>
      )}
    </Stack>
  );
}
