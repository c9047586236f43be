import type { Feature } from '../../store/feature';
import { watchAvailability } from './saga';
import availabilitySlice from './slice';

/** The register page's username and email availability checks. */
export default { name: 'register', slices: [availabilitySlice], saga: watchAvailability } satisfies Feature;
