import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';

export interface LandingViewProps {
  status: 'loading' | 'connected' | 'disconnected' | 'error';
  /** Opens another page of the app; the links are plain links too (a new tab, a copied address). */
  navigate: (to: string) => void;
}

type ConnectionStatus = LandingViewProps['status'];

// The tour is fetched when someone shows interest in it, so that the landing page itself stays small.
const loadDemoTour = () => import('./DemoTour');
const DemoTour = lazy(loadDemoTour);

const TOP_BAR_ACTIONS: Record<Exclude<ConnectionStatus, 'loading'>, { label: string; to: string }> = {
  connected: { label: 'Go to Dashboard', to: '/dashboard' },
  disconnected: { label: 'Get Started', to: '/register' },
  error: { label: 'Get Started', to: '/register' },
};

/** A plain bordered line rather than MUI's Alert: the landing page ships as little script as it can. */
const STATUS_ALERTS: Partial<Record<ConnectionStatus, { severity: 'error' | 'success'; role: string; text: string }>> =
  {
    error: { severity: 'error', role: 'alert', text: 'Could not check connection status. Please try again later.' },
    connected: { severity: 'success', role: 'status', text: 'WhatsApp Account Connected Successfully!' },
  };

/** A Material icon's shapes, drawn as MUI's SvgIcon draws them (24 × 24, the text's colour). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" focusable="false" aria-hidden>
      {children}
    </svg>
  );
}

interface Highlight {
  title: string;
  text: string;
  icon?: ReactNode;
}

const FEATURES: Highlight[] = [
  {
    title: 'Messaging Automation',
    text: 'Answer routine questions, confirm details and follow up on your WhatsApp Business number automatically, day and night.',
    icon: (
      <Icon>
        <path d="M21 6h-2v9H6v2c0 .55.45 1 1 1h11l4 4V7c0-.55-.45-1-1-1m-4 6V3c0-.55-.45-1-1-1H3c-.55 0-1 .45-1 1v14l4-4h10c.55 0 1-.45 1-1" />
      </Icon>
    ),
  },
  {
    title: 'AI-Powered Responses',
    text: 'Replies written by the model you choose and grounded in your own documents, in the tone you set.',
    icon: (
      <Icon>
        <path d="m19 9 1.25-2.75L23 5l-2.75-1.25L19 1l-1.25 2.75L15 5l2.75 1.25zm-7.5.5L9 4 6.5 9.5 1 12l5.5 2.5L9 20l2.5-5.5L17 12zM19 15l-1.25 2.75L15 19l2.75 1.25L19 23l1.25-2.75L23 19l-2.75-1.25z" />
      </Icon>
    ),
  },
  {
    title: 'Real-Time Management',
    text: 'Follow every conversation as it happens, reply by hand at any moment and pick up escalations the moment they arrive.',
    icon: (
      <Icon>
        <path d="M21 12.22C21 6.73 16.74 3 12 3c-4.69 0-9 3.65-9 9.28-.6.34-1 .98-1 1.72v2c0 1.1.9 2 2 2h1v-6.1c0-3.87 3.13-7 7-7s7 3.13 7 7V19h-8v2h8c1.1 0 2-.9 2-2v-1.22c.59-.31 1-.92 1-1.64v-2.3c0-.7-.41-1.31-1-1.62" />
        <circle cx="9" cy="13" r="1" />
        <circle cx="15" cy="13" r="1" />
        <path d="M18 11.03C17.52 8.18 15.04 6 12.05 6c-3.03 0-6.29 2.51-6.03 6.45 2.47-1.01 4.33-3.21 4.86-5.89 1.31 2.63 4 4.44 7.12 4.47" />
      </Icon>
    ),
  },
  {
    title: 'Customer Analytics',
    text: 'See message volume, AI response rate, response times and escalations, and learn what your customers ask most.',
    icon: (
      <Icon>
        <path d="M21 8c-1.45 0-2.26 1.44-1.93 2.51l-3.55 3.56c-.3-.09-.74-.09-1.04 0l-2.55-2.55C12.27 10.45 11.46 9 10 9c-1.45 0-2.27 1.44-1.93 2.52l-4.56 4.55C2.44 15.74 1 16.55 1 18c0 1.1.9 2 2 2 1.45 0 2.26-1.44 1.93-2.51l4.55-4.56c.3.09.74.09 1.04 0l2.55 2.55C12.73 16.55 13.54 18 15 18c1.45 0 2.27-1.44 1.93-2.52l3.56-3.55c1.07.33 2.51-.48 2.51-1.93 0-1.1-.9-2-2-2" />
        <path d="m15 9 .94-2.07L18 6l-2.06-.93L15 3l-.92 2.07L12 6l2.08.93zM3.5 11 4 9l2-.5L4 8l-.5-2L3 8l-2 .5L3 9z" />
      </Icon>
    ),
  },
];

const REASONS: Highlight[] = [
  {
    title: '24/7 Support',
    text: 'Customers get a helpful answer within moments, at any hour, even when your team is asleep.',
  },
  {
    title: 'Intelligent Escalation',
    text: 'Complex or sensitive issues are handed to a human agent, with the whole conversation in view, and handed back when solved.',
  },
  {
    title: 'Easy Setup',
    text: "Connect your number through Meta's guided signup in a few minutes and run everything from one dashboard.",
  },
];

const sectionHeadingSx = {
  fontWeight: 700,
  fontSize: { xs: '1.75rem', md: '2.125rem' },
  mb: { xs: 4, md: 6 },
} as const;

/** What MUI's Container does: the page's column, centred, at most a breakpoint wide. */
function column(maxWidth: 'md' | 'lg', gutters = true) {
  return { width: '100%', mx: 'auto', maxWidth, ...(gutters && { px: { xs: 2, sm: 3 } }) } as const;
}

const footerLinkSx = {
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

const cardListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 3,
} as const;

/**
 * MUI's contained and outlined buttons drawn with `sx` alone, as are the page's cards, bar and links:
 * Button brings ButtonBase, its ripple and its progress indicator (about 9 KB gzip) to a page whose
 * buttons are two links and a dialog opener.
 */
function buttonSx(look: 'contained' | 'outlined', large = false) {
  return (theme: Theme) => ({
    ...theme.typography.button,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 64,
    px: large ? '21px' : '15px',
    py: large ? '7px' : '5px',
    fontSize: large ? '0.9375rem' : '0.875rem',
    border: 1,
    borderRadius: 1,
    cursor: 'pointer',
    textDecoration: 'none',
    transition: theme.transitions.create(['background-color', 'border-color'], {
      duration: theme.transitions.duration.short,
    }),
    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
    ...(look === 'contained'
      ? {
          color: 'primary.contrastText',
          bgcolor: 'primary.main',
          borderColor: 'primary.main',
          '&:hover': { bgcolor: 'primary.dark', borderColor: 'primary.dark' },
        }
      : {
          color: 'primary.main',
          bgcolor: 'transparent',
          borderColor: theme.alpha(theme.palette.primary.main, 0.5),
          '&:hover': {
            borderColor: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
          },
        }),
    '&:disabled': {
      color: 'action.disabled',
      bgcolor: 'action.disabledBackground',
      borderColor: 'transparent',
      cursor: 'default',
    },
  });
}

/**
 * A link's props that open `to` in this tab through `navigate`: the landing page runs without the
 * router (src/main.tsx), so its links are plain anchors whose ordinary clicks stay in the app.
 */
function appLink(to: string, navigate: LandingViewProps['navigate']) {
  return {
    href: to,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}

function HighlightCard({ title, text, icon }: Highlight) {
  return (
    <Box
      component="li"
      sx={{
        height: '100%',
        p: 3,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...(!icon && { borderTop: 3, borderTopColor: 'primary.main' }),
      }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={(theme) => ({
            display: 'inline-flex',
            p: 1.25,
            mb: 2,
            borderRadius: 2,
            color: 'primary.main',
            bgcolor: theme.alpha(theme.palette.primary.main, 0.12),
          })}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

function TopBarAction({ status, navigate }: LandingViewProps) {
  if (status === 'loading') {
    return (
      <Box component="button" type="button" disabled sx={buttonSx('contained')}>
        Checking Status...
      </Box>
    );
  }
  const { label, to } = TOP_BAR_ACTIONS[status];
  return (
    <Box component="a" {...appLink(to, navigate)} sx={buttonSx('contained')}>
      {label}
    </Box>
  );
}

/** The public landing page: what Threadline does, and the way in, according to the connection status. */
export default function LandingView({ status, navigate }: LandingViewProps) {
  const [tour, setTour] = useState<'unopened' | 'open' | 'closed'>('unopened');
  const alert = STATUS_ALERTS[status];
  const showsHeroActions = status !== 'loading' && status !== 'connected';

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 'appBar',
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={column('lg', false)}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              minHeight: { xs: 56, sm: 64 },
              px: { xs: 2, sm: 3 },
            }}
          >
            <Typography
              component="a"
              {...appLink('/', navigate)}
              variant="h6"
              sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none' }}
            >
              Threadline
            </Typography>
            <TopBarAction status={status} navigate={navigate} />
          </Box>
        </Box>
      </Box>

      <Box component="main" sx={{ flex: 1 }}>
        <Box
          component="section"
          sx={(theme) => ({
            py: { xs: 8, md: 12 },
            background: `linear-gradient(180deg, ${theme.alpha(theme.palette.primary.main, 0.1)} 0%, transparent 100%)`,
          })}
        >
          <Box sx={{ ...column('md'), textAlign: 'center' }}>
            <Typography
              variant="h2"
              component="h1"
              sx={{ fontWeight: 800, fontSize: { xs: '2rem', sm: '2.75rem', md: '3.25rem' }, lineHeight: 1.15 }}
            >
              Put an AI agent on your WhatsApp Business number
            </Typography>
            <Typography
              variant="h6"
              component="p"
              color="text.secondary"
              sx={{ mt: 3, mx: 'auto', maxWidth: 640, fontWeight: 400, fontSize: { xs: '1.0625rem', sm: '1.25rem' } }}
            >
              Threadline answers your customers on WhatsApp around the clock, from your own documents, and keeps you in
              control of every conversation from one dashboard.
            </Typography>
            {alert && (
              <Typography
                role={alert.role}
                sx={{
                  mt: 4,
                  mx: 'auto',
                  maxWidth: 560,
                  px: 2,
                  py: 1.5,
                  border: 1,
                  borderRadius: 1,
                  borderColor: `${alert.severity}.main`,
                  color: `${alert.severity}.main`,
                  bgcolor: 'background.paper',
                  fontWeight: 500,
                }}
              >
                {alert.text}
              </Typography>
            )}
            {showsHeroActions && (
              <Box
                sx={{
                  mt: 5,
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: 2,
                  justifyContent: 'center',
                }}
              >
                <Box component="a" {...appLink('/register', navigate)} sx={buttonSx('contained', true)}>
                  Connect WhatsApp Account
                </Box>
                <Box
                  component="button"
                  type="button"
                  sx={buttonSx('outlined', true)}
                  aria-haspopup="dialog"
                  onPointerEnter={loadDemoTour}
                  onFocus={loadDemoTour}
                  onClick={() => setTour('open')}
                >
                  Watch Demo
                </Box>
              </Box>
            )}
          </Box>
        </Box>

        <Box component="section" sx={{ ...column('lg'), py: { xs: 6, md: 10 } }}>
          <Typography variant="h4" component="h2" align="center" sx={sectionHeadingSx}>
            Everything you need to run customer conversations
          </Typography>
          <Box
            component="ul"
            role="list"
            sx={{ ...cardListSx, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
          >
            {FEATURES.map((feature) => (
              <HighlightCard key={feature.title} {...feature} />
            ))}
          </Box>
        </Box>

        <Box
          component="section"
          sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
        >
          <Box sx={column('lg')}>
            <Typography variant="h4" component="h2" align="center" sx={sectionHeadingSx}>
              Why Choose Threadline
            </Typography>
            <Box
              component="ul"
              role="list"
              sx={{ ...cardListSx, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
            >
              {REASONS.map((reason) => (
                <HighlightCard key={reason.title} {...reason} />
              ))}
            </Box>
          </Box>
        </Box>
      </Box>

      <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
        <Box
          sx={{
            ...column('lg'),
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            © 2025
          </Typography>
          <Box component="nav" aria-label="Legal" sx={{ display: 'flex', gap: 3 }}>
            <Typography component="a" {...appLink('/privacy', navigate)} variant="body2" sx={footerLinkSx}>
              Privacy Policy
            </Typography>
            <Typography component="a" {...appLink('/terms', navigate)} variant="body2" sx={footerLinkSx}>
              Terms & Conditions
            </Typography>
          </Box>
        </Box>
      </Box>

      {tour !== 'unopened' && (
        <Suspense fallback={null}>
          <DemoTour open={tour === 'open'} onClose={() => setTour('closed')} />
        </Suspense>
      )}
    </Box>
  );
}
