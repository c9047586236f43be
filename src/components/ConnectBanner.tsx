import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link } from 'react-router';

/** Tells an owner whose WhatsApp number is not connected where to connect it. */
export default function ConnectBanner() {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" component={Link} to="/onboarding">
          Start setup
        </Button>
      }
    >
      <AlertTitle>WhatsApp is not connected</AlertTitle>
      Connect your WhatsApp Business number so that your AI agent can start answering customers.
    </Alert>
  );
}
