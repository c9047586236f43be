import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import ConnectBanner from '../../components/ConnectBanner';
import VerificationBanner from '../../components/VerificationBanner';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectResend, verificationResendRequested } from '../auth/verificationResend';
import { selectCurrentUser } from '../auth/slice';
import { selectConnectionStatus } from '../connection/slice';

export interface AgentNoticesProps {
  /** Banners on the list and the form; cards on the agent and upload pages (SPEC.md §2). */
  variant: 'banner' | 'card';
}

interface NoticeCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

function NoticeCard({ icon, title, text, action }: NoticeCardProps) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {icon}
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {text}
          </Typography>
          {action}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The prompts for an unverified email and a missing WhatsApp connection. */
export default function AgentNotices({ variant }: AgentNoticesProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const connection = useAppSelector(selectConnectionStatus);
  const resend = useAppSelector(selectResend);
  const unverified = user !== null && !user.is_verified;
  const notConnected = connection === 'disconnected' || connection === 'error';
  if (!unverified && !notConnected) return null;

  if (variant === 'banner') {
    return (
      <Stack spacing={2}>
        {unverified && <VerificationBanner email={user.email} />}
        {notConnected && <ConnectBanner />}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {unverified && (
        <NoticeCard
          icon={<MarkEmailUnreadOutlinedIcon color="warning" fontSize="large" />}
          title="Please verify your email address"
          text={`We sent a verification link to ${user.email}. Verify your address to create and edit agents.`}
          action={
            <Button
              variant="outlined"
              size="small"
              disabled={resend.status === 'sending'}
              onClick={() => dispatch(verificationResendRequested({ email: user.email }))}
            >
              Resend Email
            </Button>
          }
        />
      )}
      {notConnected && (
        <NoticeCard
          icon={<WhatsAppIcon color="disabled" fontSize="large" />}
          title="WhatsApp is not connected"
          text="Connect your WhatsApp Business number so that your AI agent can start answering customers."
          action={
            <Button component={Link} to="/onboarding" variant="contained" size="small">
              Start setup
            </Button>
          }
        />
      )}
    </Stack>
  );
}
