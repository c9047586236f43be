import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ForumIcon from '@mui/icons-material/Forum';
import InsightsIcon from '@mui/icons-material/Insights';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface LandingViewProps {
  status: 'loading' | 'connected' | 'disconnected' | 'error';
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

interface Highlight {
  title: string;
  text: string;
  icon?: ReactNode;
}

const FEATURES: Highlight[] = [
  {
    title: 'Messaging Automation',
    text: 'Answer routine questions, confirm details and follow up on your WhatsApp Business number automatically, day and night.',
    icon: <ForumIcon />,
  },
  {
    title: 'AI-Powered Responses',
    text: 'Replies written by the model you choose and grounded in your own documents, in the tone you set.',
    icon: <AutoAwesomeIcon />,
  },
  {
    title: 'Real-Time Management',
    text: 'Follow every conversation as it happens, reply by hand at any moment and pick up escalations the moment they arrive.',
    icon: <SupportAgentIcon />,
  },
  {
    title: 'Customer Analytics',
    text: 'See message volume, AI response rate, response times and escalations, and learn what your customers ask most.',
    icon: <InsightsIcon />,
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

const cardListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 3,
} as const;

function HighlightCard({ title, text, icon }: Highlight) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{ height: '100%', ...(!icon && { borderTop: 3, borderTopColor: 'primary.main' }) }}
    >
      <CardContent sx={{ p: 3 }}>
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
      </CardContent>
    </Card>
  );
}

function TopBarAction({ status }: LandingViewProps) {
  if (status === 'loading') {
    return (
      <Button variant="contained" disabled>
        Checking Status...
      </Button>
    );
  }
  const { label, to } = TOP_BAR_ACTIONS[status];
  return (
    <Button variant="contained" component={Link} to={to}>
      {label}
    </Button>
  );
}

/** The public landing page: what Threadline does, and the way in, according to the connection status. */
export default function LandingView({ status }: LandingViewProps) {
  const [tour, setTour] = useState<'unopened' | 'open' | 'closed'>('unopened');
  const alert = STATUS_ALERTS[status];
  const showsHeroActions = status !== 'loading' && status !== 'connected';

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ gap: 2, justifyContent: 'space-between' }}>
            <Typography
              component={Link}
              to="/"
              variant="h6"
              sx={{ fontWeight: 800, color: 'primary.main', textDecoration: 'none' }}
            >
              Threadline
            </Typography>
            <TopBarAction status={status} />
          </Toolbar>
        </Container>
      </AppBar>

      <Box component="main" sx={{ flex: 1 }}>
        <Box
          component="section"
          sx={(theme) => ({
            py: { xs: 8, md: 12 },
            background: `linear-gradient(180deg, ${theme.alpha(theme.palette.primary.main, 0.1)} 0%, transparent 100%)`,
          })}
        >
          <Container maxWidth="md" sx={{ textAlign: 'center' }}>
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
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, justifyContent: 'center' }}>
                <Button variant="contained" size="large" component={Link} to="/register">
                  Connect WhatsApp Account
                </Button>
                <Button
                  variant="outlined"
                  size="large"
                  aria-haspopup="dialog"
                  onPointerEnter={loadDemoTour}
                  onFocus={loadDemoTour}
                  onClick={() => setTour('open')}
                >
                  Watch Demo
                </Button>
              </Stack>
            )}
          </Container>
        </Box>

        <Container component="section" maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
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
        </Container>

        <Box
          component="section"
          sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
        >
          <Container maxWidth="lg">
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
          </Container>
        </Box>
      </Box>

      <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{
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
          <Stack component="nav" aria-label="Legal" direction="row" spacing={3}>
            <MuiLink component={Link} to="/privacy" variant="body2" color="text.secondary" underline="hover">
              Privacy Policy
            </MuiLink>
            <MuiLink component={Link} to="/terms" variant="body2" color="text.secondary" underline="hover">
              Terms & Conditions
            </MuiLink>
          </Stack>
        </Container>
      </Box>

      {tour !== 'unopened' && (
        <Suspense fallback={null}>
          <DemoTour open={tour === 'open'} onClose={() => setTour('closed')} />
        </Suspense>
      )}
    </Box>
  );
}
