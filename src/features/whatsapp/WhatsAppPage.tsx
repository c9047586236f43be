import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { MessagingConfig } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import BusinessProfileCard from './BusinessProfileCard';
import ConnectionDetailsCard from './ConnectionDetailsCard';
import DangerZoneCard from './DangerZoneCard';
import DocumentationCard from './DocumentationCard';
import NotConnectedCard from './NotConnectedCard';
import ReadReceiptsCard from './ReadReceiptsCard';
import {
  selectDisplayedStatus,
  selectWhatsAppPage,
  subscriptionCheckClicked,
  whatsappPageClosed,
  whatsappPageOpened,
  whatsappRefreshClicked,
  type DisplayedStatus,
} from './slice';
import WebhookSubscriptionCard from './WebhookSubscriptionCard';
import PageTitle from '../../components/PageTitle';

export interface ConnectedNumberProps {
  config: MessagingConfig;
  status: DisplayedStatus;
}

/** Everything about a connected number: its details, profile, webhook, read receipts and disconnecting. */
function ConnectedNumber({ config, status }: ConnectedNumberProps) {
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectWhatsAppPage);
  return (
    <>
      <ConnectionDetailsCard
        config={config}
        status={status}
        refreshing={page.refreshing}
        onRefresh={() => dispatch(whatsappRefreshClicked())}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <BusinessProfileCard profile={page.profile} />
        {page.subscription.data && (
          <WebhookSubscriptionCard
            info={page.subscription.data}
            checking={page.subscription.status === 'loading'}
            onCheck={() => dispatch(subscriptionCheckClicked())}
          />
        )}
      </Box>
      <ReadReceiptsCard />
      <DangerZoneCard />
      <DocumentationCard />
    </>
  );
}

/** /whatsapp: the connected number, its profile and webhook, and the way to disconnect it. */
export default function WhatsAppPage() {
  const dispatch = useAppDispatch();
  const page = useAppSelector(selectWhatsAppPage);
  const displayedStatus = useAppSelector(selectDisplayedStatus);
  const refresh = () => dispatch(whatsappRefreshClicked());

  useEffect(() => {
    dispatch(whatsappPageOpened());
    return () => {
      dispatch(whatsappPageClosed());
    };
  }, [dispatch]);

  return (
    <Box component="section" sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Box>
          <PageTitle title="WhatsApp" />
          <Typography variant="h4" component="h1" gutterBottom>
            WhatsApp Business
          </Typography>
          <Typography color="text.secondary">Your WhatsApp Business connection and how it is doing.</Typography>
        </Box>
        {(page.status === 'idle' || page.status === 'loading') && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading WhatsApp connection" />
          </Box>
        )}
        {page.status === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={refresh} disabled={page.refreshing}>
                Try again
              </Button>
            }
          >
            {page.error}
          </Alert>
        )}
        {page.status === 'not_connected' && <NotConnectedCard />}
        {page.status === 'connected' && page.config && displayedStatus && (
          <ConnectedNumber config={page.config} status={displayedStatus} />
        )}
      </Stack>
    </Box>
  );
}
