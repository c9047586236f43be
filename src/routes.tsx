import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './components/AppShell';
import ProtectedRoute from './components/ProtectedRoute';
import RouteError from './components/RouteError';

type PageModule = { default: ComponentType };

/** Pages are lazy-loaded so that the landing page ships little script. */
function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

/** Every route of SPEC.md §2, in one table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    // Shown while the first lazy page loads; the page appears a moment later.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: page(() => import(/* webpackChunkName: "landing" */ './features/landing/LandingPage')) },
      { path: 'login', lazy: page(() => import('./features/auth/LoginPage')) },
      { path: 'register', lazy: page(() => import('./features/auth/RegisterPage')) },
      { path: 'forgot-password', lazy: page(() => import('./features/auth/ForgotPasswordPage')) },
      { path: 'reset-password', lazy: page(() => import('./features/auth/ResetPasswordPage')) },
      { path: 'verify-email', lazy: page(() => import('./features/auth/VerifyEmailPage')) },
      { path: 'terms', lazy: page(() => import('./features/legal/TermsPage')) },
      { path: 'privacy', lazy: page(() => import('./features/legal/PrivacyPage')) },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'onboarding', lazy: page(() => import('./features/onboarding/OnboardingPage')) },
          {
            lazy: page(() => import('./components/AppShell')),
            children: [
              {
                path: 'dashboard',
                ...titled('Dashboard'),
                lazy: page(() => import('./features/dashboard/DashboardPage')),
              },
              { path: 'messages', ...titled('Messages'), lazy: page(() => import('./features/inbox/MessagesPage')) },
              {
                path: 'analytics',
                ...titled('Analytics'),
                lazy: page(() => import('./features/analytics/AnalyticsPage')),
              },
              { path: 'whatsapp', ...titled('WhatsApp'), lazy: page(() => import('./features/whatsapp/WhatsAppPage')) },
              {
                path: 'account-settings',
                ...titled('Account Settings'),
                lazy: page(() => import('./features/account/AccountSettingsPage')),
              },
              { path: 'help', ...titled('Help & Support'), lazy: page(() => import('./features/help/HelpPage')) },
              {
                path: 'agents',
                ...titled('Agents'),
                children: [
                  { index: true, lazy: page(() => import('./features/agents/AgentsPage')) },
                  { path: 'new', lazy: page(() => import('./features/agents/AgentFormPage')) },
                  { path: ':agentId', lazy: page(() => import('./features/agents/AgentDetailPage')) },
                  { path: ':agentId/edit', lazy: page(() => import('./features/agents/AgentFormPage')) },
                  { path: ':agentId/upload', lazy: page(() => import('./features/agents/AgentUploadPage')) },
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
