import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import ConnectBanner from '../../components/ConnectBanner';
import VerificationBanner from '../../components/VerificationBanner';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { isNewAccount, selectGreetingName } from '../auth/selectors';
import { selectCurrentUser } from '../auth/slice';
import { selectConnectionStatus, type ConnectionStatus } from '../connection/slice';
import { dashboardClosed, dashboardOpened } from './dashboardSlice';
import DashboardStats from './DashboardStats';
import QuickActions from './QuickActions';
import RecentActivity from './RecentActivity';
import PageTitle from '../../components/PageTitle';

const CONNECTION_TEXTS: Record<ConnectionStatus, string> = {
  loading: 'Checking your WhatsApp connection...',
  connected: 'Your WhatsApp Business number is connected and your AI agent can answer customers.',
  disconnected: 'No WhatsApp Business number is connected yet.',
  error: 'The connection status could not be checked. Please try again later.',
};

export interface ConnectionCardProps {
  status: ConnectionStatus;
}

/** Whether WhatsApp is connected, and the way to connect or manage it. */
function ConnectionCard({ status }: ConnectionCardProps) {
  const connected = status === 'connected';
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <WhatsAppIcon color={connected ? 'success' : 'disabled'} fontSize="large" />
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            WhatsApp Connection
          </Typography>
          <Typography color="text.secondary">{CONNECTION_TEXTS[status]}</Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={Link} to="/onboarding" variant={connected ? 'outlined' : 'contained'}>
          {connected ? 'Manage Connection' : 'Connect WhatsApp'}
        </Button>
      </CardActions>
    </Card>
  );
}

export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const greetingName = useAppSelector(selectGreetingName);
  const status = useAppSelector(selectConnectionStatus);
  const connected = status === 'connected';
  const notConnected = status === 'disconnected' || status === 'error';
  const [openedAt] = useState(() => Date.now());
  const newcomer = user !== null && isNewAccount(user.created_at, openedAt);

  // The figures load once a connection is known; without one they read 0 or N/A (SPEC.md §2).
  useEffect(() => {
    if (!connected) return undefined;
    dispatch(dashboardOpened());
    return () => {
      dispatch(dashboardClosed());
    };
  }, [dispatch, connected]);

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Box>
          <PageTitle title="Dashboard" />
          <Typography variant="h4" component="h1" gutterBottom>
            {greetingName ? `${newcomer ? 'Welcome' : 'Welcome back'}, ${greetingName}!` : 'Welcome!'}
          </Typography>
          <Typography color="text.secondary">Here is how your WhatsApp assistant is doing.</Typography>
        </Box>
        {user && !user.is_verified && <VerificationBanner email={user.email} />}
        {notConnected && <ConnectBanner />}
        <DashboardStats connected={connected} checking={status === 'loading'} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <RecentActivity notConnected={notConnected} />
          <Stack spacing={3}>
            <QuickActions connected={connected} />
            <ConnectionCard status={status} />
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
