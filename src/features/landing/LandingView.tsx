import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { FeaturesSection, ReasonsSection } from './Highlights';
import { loadDemoTour } from './loadDemoTour';
import { TopBar } from './TopBar';
import type { LandingViewProps } from './types';

export type { LandingViewProps } from './types';

const DemoTour = lazy(loadDemoTour);

/** The public landing page: what Threadline does, and the way in, according to the connection status. */
export default function LandingView({ status, navigate }: LandingViewProps) {
  const [tour, setTour] = useState<'unopened' | 'open' | 'closed'>('unopened');

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar status={status} navigate={navigate} />

      <Box component="main" sx={{ flex: 1 }}>
        <Hero status={status} navigate={navigate} onWatchDemo={() => setTour('open')} />
        <FeaturesSection />
        <ReasonsSection />
      </Box>

      <Footer navigate={navigate} />

      {tour !== 'unopened' && (
        <Suspense fallback={null}>
          <DemoTour open={tour === 'open'} onClose={() => setTour('closed')} />
        </Suspense>
      )}
    </Box>
  );
}
