import { all, spawn } from 'typed-redux-saga';
import { watchSignup } from '../../sagas/signup';
import { watchWhatsApp } from '../../sagas/whatsapp';
import type { Feature } from '../../store/feature';
import onboardingSlice from '../onboarding/slice';
import signupSlice from './signupSlice';
import whatsappSlice from './slice';

function* watchWhatsAppFeature() {
  yield* all([spawn(watchSignup), spawn(watchWhatsApp)]);
}

/** The connection feature: the onboarding steps, the connect flow and the /whatsapp page. */
export const whatsappFeature = {
  name: 'whatsapp',
  slices: [onboardingSlice, signupSlice, whatsappSlice],
  saga: watchWhatsAppFeature,
} satisfies Feature;
