import type { Feature } from '../../store/feature';
import { watchSignup } from './saga';
import signupSlice from './signupSlice';
import onboardingSlice from './slice';

/** The onboarding steps and the connect flow (Meta's Embedded Signup) they drive. */
export default { name: 'onboarding', slices: [onboardingSlice, signupSlice], saga: watchSignup } satisfies Feature;
