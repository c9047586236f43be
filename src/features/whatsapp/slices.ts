import onboardingSlice from '../onboarding/slice';
import signupSlice from './signupSlice';
import whatsappSlice from './slice';

/** The connection feature's state: the onboarding step, the connect flow and the /whatsapp page. */
export const whatsappSlices = [onboardingSlice, signupSlice, whatsappSlice] as const;
