import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './features/shell/AppShell';
import ProtectedRoute from './components/ProtectedRoute';
import RouteError from './components/RouteError';
import { FEATURES, type FeatureName } from './features/registry';
import type { LoadFeature } from './store/feature';

type PageModule = { default: ComponentType };

function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/**
 * Every route of SPEC.md §2, in one table. Pages are lazy-loaded so that a first visit fetches only
 * its own page; the features a page needs (state and sagas) load with it, before it renders. A first
 * visit to `/` renders the landing page without this table (src/main.tsx); `/` here serves an owner
 * who comes back to it.
 */
// eslint-disable-next-line max-lines-per-function -- the route table is data, one entry a route: read whole, it is SPEC.md §2
export function createRoutes(loadFeature: LoadFeature): RouteObject[] {
  function page(load: () => Promise<PageModule>, ...features: FeatureName[]): RouteObject['lazy'] {
    return async () => {
      const [module, ...featureModules] = await Promise.all([load(), ...features.map((name) => FEATURES[name]())]);
      featureModules.forEach((featureModule) => loadFeature(featureModule.default));
      return { Component: module.default };
    };
  }

  return [
    {
      path: '/',
      errorElement: <RouteError />,
      // Shown while the first lazy page loads; the page appears a moment later.
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: page(() => import('./features/landing/LandingPage')) },
        { path: 'login', lazy: page(() => import('./features/auth/LoginPage'), 'signIn') },
        { path: 'register', lazy: page(() => import('./features/register/RegisterPage'), 'register', 'signIn') },
        { path: 'forgot-password', lazy: page(() => import('./features/account/ForgotPasswordPage'), 'account') },
        { path: 'reset-password', lazy: page(() => import('./features/account/ResetPasswordPage'), 'account') },
        { path: 'verify-email', lazy: page(() => import('./features/account/VerifyEmailPage'), 'account') },
        { path: 'terms', lazy: page(() => import('./features/legal/TermsPage')) },
        { path: 'privacy', lazy: page(() => import('./features/legal/PrivacyPage')) },
        {
          element: <ProtectedRoute />,
          children: [
            {
              path: 'onboarding',
              lazy: page(() => import('./features/onboarding/OnboardingPage'), 'onboarding'),
            },
            {
              // The shell's banners need the account feature; its badge and notifications learn from the inbox.
              lazy: page(() => import('./features/shell/AppShell'), 'shell', 'account', 'inbox'),
              children: [
                {
                  path: 'dashboard',
                  ...titled('Dashboard'),
                  lazy: page(() => import('./features/insights/DashboardPage'), 'insights'),
                },
                {
                  path: 'messages',
                  ...titled('Messages'),
                  lazy: page(() => import('./features/inbox/MessagesPage')),
                },
                {
                  path: 'templates',
                  ...titled('Templates'),
                  // The page and its feature are one chunk: only this route needs both.
                  lazy: page(
                    () => import(/* webpackChunkName: "feature-templates" */ './features/templates/TemplatesPage'),
                    'templates',
                  ),
                },
                {
                  path: 'analytics',
                  ...titled('Analytics'),
                  lazy: page(() => import('./features/insights/AnalyticsPage'), 'insights'),
                },
                {
                  path: 'whatsapp',
                  ...titled('WhatsApp'),
                  lazy: page(() => import('./features/whatsapp/WhatsAppPage'), 'whatsapp'),
                },
                {
                  path: 'account-settings',
                  ...titled('Account Settings'),
                  lazy: page(() => import('./features/account/AccountSettingsPage'), 'account'),
                },
                { path: 'help', ...titled('Help & Support'), lazy: page(() => import('./features/help/HelpPage')) },
                {
                  path: 'agents',
                  ...titled('Agents'),
                  children: [
                    { index: true, lazy: page(() => import('./features/agents/AgentsPage'), 'agents') },
                    { path: 'new', lazy: page(() => import('./features/agents/AgentFormPage'), 'agents') },
                    { path: ':agentId', lazy: page(() => import('./features/agents/AgentDetailPage'), 'agents') },
                    { path: ':agentId/edit', lazy: page(() => import('./features/agents/AgentFormPage'), 'agents') },
                    {
                      path: ':agentId/upload',
                      lazy: page(() => import('./features/agents/AgentUploadPage'), 'agents'),
                    },
                    // SPEC.md §2: any other agent route has its own not-found text.
                    { path: '*', lazy: page(() => import('./features/agents/AgentNotFound')) },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', lazy: page(() => import('./components/NotFoundPage')) },
      ],
    },
  ];
}
