import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appLink } from './appLink';
import type { LandingViewProps } from './types';
import { loadDemoTour } from './loadDemoTour';
import { buttonSx, column } from './styles';

type ConnectionStatus = LandingViewProps['status'];

/** A plain bordered line rather than MUI's Alert: the landing page ships as little script as it can. */
const STATUS_ALERTS: Partial<Record<ConnectionStatus, { severity: 'error' | 'success'; role: string; text: string }>> =
  {
    error: { severity: 'error', role: 'alert', text: 'Could not check connection status. Please try again later.' },
    connected: { severity: 'success', role: 'status', text: 'WhatsApp Account Connected Successfully!' },
  };

/** How the connection check went, when there is something to say. */
function StatusAlert({ status }: { status: ConnectionStatus }) {
  const alert = STATUS_ALERTS[status];
  if (!alert) return null;
  return (
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
  );
}

/** The way in and the tour; the tour's code is fetched as soon as the pointer or focus reaches its button. */
function HeroActions({ navigate, onWatchDemo }: Pick<HeroProps, 'navigate' | 'onWatchDemo'>) {
  return (
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
        onClick={onWatchDemo}
      >
        Watch Demo
      </Box>
    </Box>
  );
}

export interface HeroProps extends LandingViewProps {
  onWatchDemo: () => void;
}

/** The promise, the connection status, and (until connected) the way in. */
export function Hero({ status, navigate, onWatchDemo }: HeroProps) {
  const showsHeroActions = status !== 'loading' && status !== 'connected';
  return (
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
        <StatusAlert status={status} />
        {showsHeroActions && <HeroActions navigate={navigate} onWatchDemo={onWatchDemo} />}
      </Box>
    </Box>
  );
}
