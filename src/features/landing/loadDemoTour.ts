// The tour is fetched when someone shows interest in it, so that the landing page itself stays small.
export const loadDemoTour = () => import('./DemoTour');
