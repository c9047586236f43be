import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { landingOpened, selectConnectionStatus } from '../connection/slice';
import LandingView from './LandingView';

/** Checks the connection on every visit and lets the view show the way in that fits it. */
export default function LandingPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectConnectionStatus);
  useEffect(() => {
    dispatch(landingOpened());
  }, [dispatch]);
  // The page's own title: index.html's, given back when the owner returns from another page.
  return (
    <>
      <title>Threadline — AI for your WhatsApp Business</title>
      <LandingView status={status} />
    </>
  );
}
