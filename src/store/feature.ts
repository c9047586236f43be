import type { Slice } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

/**
 * A part of the app that arrives with its pages: its state slices and the saga that serves them.
 * The landing page ships only the core (session, connection, live stream, theme, toasts); a route loads the
 * features its page needs before the page renders (src/routes.tsx), and the store injects each once.
 */
export interface Feature {
  name: string;
  slices: readonly Slice[];
  saga: Saga;
}

export type LoadFeature = (feature: Feature) => void;
