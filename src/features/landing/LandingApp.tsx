import type { PaletteMode } from '@mui/material/styles';
import AppFrame from '../../AppFrame';
import type { AppStore } from '../../store';
import LandingScreen from './LandingScreen';
import type { LandingViewProps } from './LandingView';

/** The theme the build prerenders `/` in: only a browser on it hydrates the prerendered page. */
export const PRERENDERED_THEME: PaletteMode = 'light';

export interface LandingAppProps extends Pick<LandingViewProps, 'navigate'> {
  store: AppStore;
}

/**
 * The landing page as a first visit to `/` renders it, without the router. The entry renders or
 * hydrates it (src/main.tsx) and the build prerenders it (scripts/prerender-landing.tsx): one tree
 * for both, so that hydration finds what the server sent.
 */
export default function LandingApp({ store, navigate }: LandingAppProps) {
  return (
    <AppFrame store={store}>
      <LandingScreen navigate={navigate} />
    </AppFrame>
  );
}
