import RefreshIcon from '@mui/icons-material/Refresh';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { WHATSAPP_MESSAGES, type MessagingConfig } from '../../../contract';
import DetailList from './DetailList';
import { formatDate } from '../../components/dates';
import type { DisplayedStatus } from './slice';

export const RECONNECT_PATH = '/onboarding?reconnect=true';

export interface ConnectionDetailsCardProps {
  config: MessagingConfig;
  status: DisplayedStatus;
  refreshing: boolean;
  onRefresh: () => void;
}

const STATUS_BADGES: Record<DisplayedStatus, { label: string; color: ChipProps['color'] }> = {
  active: { label: 'Active', color: 'success' },
  needs_reconnection: { label: 'Connection Issue', color: 'warning' },
  disconnected: { label: 'Disconnected', color: 'default' },
};

/** What is connected: the account, the number, its status and since when. */
export default function ConnectionDetailsCard({ config, status, refreshing, onRefresh }: ConnectionDetailsCardProps) {
  const badge = STATUS_BADGES[status];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Connection Details"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={<Chip label={badge.label} color={badge.color} size="small" />}
      />
      <CardContent>
        <Stack spacing={2}>
          {status === 'needs_reconnection' && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" component={Link} to={RECONNECT_PATH}>
                  Reconnect now
                </Button>
              }
            >
              <AlertTitle>Your WhatsApp connection needs attention</AlertTitle>
              Meta no longer accepts this connection. Reconnect your account so that customer messages keep reaching
              Threadline.
            </Alert>
          )}
          {config.phone_number_id === null && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" component={Link} to={RECONNECT_PATH}>
                  {WHATSAPP_MESSAGES.noNumberAction}
                </Button>
              }
            >
              <AlertTitle>{WHATSAPP_MESSAGES.noNumberTitle}</AlertTitle>
              {WHATSAPP_MESSAGES.noNumberBody}
            </Alert>
          )}
          <DetailList
            details={[
              { label: 'WABA ID', value: config.waba_id },
              { label: 'Phone Number ID', value: config.phone_number_id ?? WHATSAPP_MESSAGES.noNumberId },
              { label: 'Phone Number', value: config.phone_number },
              { label: 'Status', value: badge.label },
              { label: 'Connected since', value: formatDate(config.created_at) },
            ]}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<SyncIcon />} component={Link} to={RECONNECT_PATH}>
              Reconnect
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
              {refreshing ? 'Refreshing...' : 'Refresh'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
