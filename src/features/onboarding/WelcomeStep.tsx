import BoltIcon from '@mui/icons-material/Bolt';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import LockIcon from '@mui/icons-material/Lock';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const EMBEDDED_SIGNUP_DOCS_URL = 'https://developers.facebook.com/docs/whatsapp/embedded-signup';

/** SPEC.md §2 (Onboarding): what the setup does for the owner. */
export const SETUP_STEPS = [
  'Secure authentication with your Facebook account',
  'Automatic creation of your WhatsApp Business account assets',
  'Phone number verification',
  'Business profile setup',
  'Webhook subscription, so that customer messages reach Threadline',
  "Integration with Threadline's AI messaging",
];

interface Benefit {
  title: string;
  text: string;
  icon: ReactNode;
}

const BENEFITS: Benefit[] = [
  {
    title: 'Quick setup',
    text: 'Connect your number in a few minutes, without leaving Threadline.',
    icon: <BoltIcon />,
  },
  {
    title: 'Secure by design',
    text: 'You sign in with Meta; Threadline never sees your password.',
    icon: <LockIcon />,
  },
  {
    title: 'AI from day one',
    text: 'Once connected, create an agent on the Agents page and give it your documents: it answers your customers from them.',
    icon: <SmartToyIcon />,
  },
];

/** Step 1: what Embedded Signup is, what it needs and what it does. */
export default function WelcomeStep() {
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2" gutterBottom>
          Welcome to Threadline
        </Typography>
        <Typography color="text.secondary">
          Threadline connects your WhatsApp Business number through Meta&apos;s Embedded Signup. A secure Meta window
          opens over this page: you sign in with Facebook, choose or create your WhatsApp Business account and verify
          your phone number, and Threadline takes care of the rest.
        </Typography>
      </Box>
      <Alert severity="info">
        <AlertTitle>Before you start</AlertTitle>
        You need a Facebook Business account and a verified WhatsApp Business account.
      </Alert>
      <Box>
        <Typography variant="h6" component="h3">
          What the setup does
        </Typography>
        <List dense aria-label="What the setup does">
          {SETUP_STEPS.map((step) => (
            <ListItem key={step} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlineIcon color="success" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={step} />
            </ListItem>
          ))}
        </List>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {BENEFITS.map(({ title, text, icon }) => (
          <Card key={title} variant="outlined">
            <CardContent>
              <Box sx={{ color: 'primary.main', mb: 1 }}>{icon}</Box>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="body2">
        <MuiLink href={EMBEDDED_SIGNUP_DOCS_URL} target="_blank" rel="noopener noreferrer">
          Learn more about Embedded Signup
        </MuiLink>
      </Typography>
    </Stack>
  );
}
