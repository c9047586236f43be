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

/** The live uniqueness verdict under a registration field; nothing while idle. */
export default function AvailabilityIndicator({ field, status }: AvailabilityIndicatorProps) {
  if (status === 'idle') return null;
  return (
    <Box component="span" role="status" sx={{ color: COLORS[status] }}>
      {TEXTS[field][status]}
    </Box>
  );
}
