import { watchAvailability } from '../../sagas/availability';
import type { Feature } from '../../store/feature';
import availabilitySlice from './availability';

/** The register page's username and email availability checks. */
export const availabilityFeature = {
  name: 'availability',
  slices: [availabilitySlice],
  saga: watchAvailability,
} satisfies Feature;
