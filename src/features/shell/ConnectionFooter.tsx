import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { selectConnectionStatus } from '../connection/slice';
import { useAppSelector } from '../../store/hooks';

export interface ConnectionFooterProps {
  onNavigate?: () => void;
}

/** The sidebar's last word on the WhatsApp connection; nothing until the first check has answered. */
export default function ConnectionFooter({ onNavigate }: ConnectionFooterProps) {
  const status = useAppSelector(selectConnectionStatus);
  if (status === 'loading') return null;
  const connected = status === 'connected';
  return (
    <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {connected ? <CheckCircleIcon color="success" /> : <LinkOffIcon color="warning" />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="p">
            {connected ? 'WhatsApp Connected' : 'Not Connected'}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {connected ? 'Ready to send messages' : 'Connect WhatsApp to start'}
          </Typography>
        </Box>
      </Box>
      {!connected && (
        <Button
          component={Link}
          to="/onboarding"
          onClick={onNavigate}
          variant="contained"
          size="small"
          fullWidth
          sx={{ mt: 1.5 }}
        >
          Connect Now
        </Button>
      )}
    </Box>
  );
}
