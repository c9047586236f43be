import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appLink } from './appLink';
import type { LandingViewProps } from './types';
import { buttonSx, column } from './styles';

const TOP_BAR_ACTIONS: Record<Exclude<LandingViewProps['status'], 'loading'>, { label: string; to: string }> = {
  connected: { label: 'Go to Dashboard', to: '/dashboard' },
  disconnected: { label: 'Get Started', to: '/register' },
  error: { label: 'Get Started', to: '/register' },
};

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

/** The sticky bar: the name, home, and the way in that suits the connection status. */
export function TopBar({ status, navigate }: LandingViewProps) {
  return (
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
  );
}
