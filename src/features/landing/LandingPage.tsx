import { useNavigate } from 'react-router';
import LandingScreen from './LandingScreen';

/** The landing page as the app's `/` route, for an owner who comes back to it from another page. */
export default function LandingPage() {
  const navigate = useNavigate();
  // The page's own title: index.html's, given back when the owner returns from another page.
  return (
    <>
      <title>Threadline — AI for your WhatsApp Business</title>
      <LandingScreen navigate={(to) => void navigate(to)} />
    </>
  );
}
