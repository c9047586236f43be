import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { RECONNECT_PATH } from './ConnectionDetailsCard';

/** SPEC.md §2: without a connection the page offers the onboarding, in reconnect mode. */
export default function NotConnectedCard() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent sx={{ textAlign: 'center', p: 4 }}>
        <WhatsAppIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" component="h2" gutterBottom>
          WhatsApp Not Connected
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Connect your WhatsApp Business number so that your AI agent can answer your customers.
        </Typography>
        <Button variant="contained" color="success" component={Link} to={RECONNECT_PATH}>
          Connect WhatsApp Business Account
        </Button>
      </CardContent>
    </Card>
  );
}
