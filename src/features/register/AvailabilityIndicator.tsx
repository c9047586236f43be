import Box from '@mui/material/Box';
import type { AvailabilityField, AvailabilityStatus } from './slice';

export interface AvailabilityIndicatorProps {
  field: AvailabilityField;
  status: AvailabilityStatus;
}

type Shown = Exclude<AvailabilityStatus, 'idle'>;

const COLORS: Record<Shown, string> = { checking: 'text.secondary', taken: 'error.main', available: 'success.main' };

/** SPEC.md §4's texts for each field and state of the live check. */
const TEXTS: Record<AvailabilityField, Record<Shown, string>> = {
  username: { checking: 'Checking...', taken: 'Username already taken', available: 'Username available' },
  email: { checking: 'Checking...', taken: 'Email already registered', available: 'Email available' },
};

/**
 * The live uniqueness verdict under a registration field, on a line of its own below the field's
 * validation message: a field error ('Email already registered.') never hides the check's state.
 * The status region stays mounted, so that screen readers announce each verdict.
 */
export default function AvailabilityIndicator({ field, status }: AvailabilityIndicatorProps) {
  return (
    <Box
      role="status"
      aria-label={`${field === 'email' ? 'Email' : 'Username'} availability`}
      sx={{ typography: 'caption', display: 'block', mx: 1.75, mt: status === 'idle' ? 0 : 0.5 }}
    >
      {status !== 'idle' && (
        <Box component="span" sx={{ color: COLORS[status] }}>
          {TEXTS[field][status]}
        </Box>
      )}
    </Box>
  );
}
