import type { Feature } from '../store/feature';

/**
 * Every feature that arrives with its pages, by name: the one list that the routes load from, that
 * the store's RootState is derived from and that the tests load. Each feature is a chunk of its own,
 * shared by the pages that need it; the landing page loads none (the core lives in src/store: the
 * session, the connection and the live stream).
 */
export const FEATURES = {
  signIn: () => import(/* webpackChunkName: "feature-sign-in" */ './auth/feature'),
  account: () => import(/* webpackChunkName: "feature-account" */ './account/feature'),
  register: () => import(/* webpackChunkName: "feature-register" */ './register/feature'),
  onboarding: () => import(/* webpackChunkName: "feature-onboarding" */ './onboarding/feature'),
  whatsapp: () => import(/* webpackChunkName: "feature-whatsapp" */ './whatsapp/feature'),
  shell: () => import(/* webpackChunkName: "feature-shell" */ './shell/feature'),
  inbox: () => import(/* webpackChunkName: "feature-inbox" */ './inbox/feature'),
  agents: () => import(/* webpackChunkName: "feature-agents" */ './agents/feature'),
  insights: () => import(/* webpackChunkName: "feature-insights" */ './insights/feature'),
  templates: () => import(/* webpackChunkName: "feature-templates" */ './templates/feature'),
} satisfies Record<string, () => Promise<{ default: Feature }>>;

export type FeatureName = keyof typeof FEATURES;

/** A feature as its module declares it: its slices keep their own state types. */
export type LazyFeature = Awaited<ReturnType<(typeof FEATURES)[FeatureName]>>['default'];
