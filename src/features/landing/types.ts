/** What the landing page shows: the connection's status, and how it opens another page. */
export interface LandingViewProps {
  status: 'loading' | 'connected' | 'disconnected' | 'error';
  /** Opens another page of the app; the links are plain links too (a new tab, a copied address). */
  navigate: (to: string) => void;
}
