import type { Feature } from '../../store/feature';
import { watchSignIn } from './signIn';

/** The login and register forms' flows; the session's state is the core's (auth slice). */
export default { name: 'signIn', slices: [], saga: watchSignIn } satisfies Feature;
