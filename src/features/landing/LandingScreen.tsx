import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { landingOpened, selectConnectionStatus } from '../connection/slice';
import LandingView, { type LandingViewProps } from './LandingView';

/**
 * Checks the connection on every visit and lets the view show the way in that fits it. It needs no
 * router: a first visit to `/` renders it alone (src/main.tsx), and the app's `/` route wraps it.
 */
export default function LandingScreen({ navigate }: Pick<LandingViewProps, 'navigate'>) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectConnectionStatus);
  useEffect(() => {
    dispatch(landingOpened());
  }, [dispatch]);
  return <LandingView status={status} navigate={navigate} />;
}
