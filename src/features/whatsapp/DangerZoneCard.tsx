import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../store/hooks';
import DisconnectDialog from './DisconnectDialog';
import { disconnectDialogOpened } from './slice';

/** Disconnecting the number, behind a typed confirmation. */
export default function DangerZoneCard() {
  const dispatch = useAppDispatch();
  return (
    <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
      <CardContent>
        <Typography variant="h6" component="h2" color="error" gutterBottom>
          Danger Zone
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Disconnecting removes this WhatsApp Business number from Threadline. Your agents and past conversations stay.
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<LinkOffIcon />}
          onClick={() => dispatch(disconnectDialogOpened())}
        >
          Disconnect WhatsApp
        </Button>
      </CardContent>
      <DisconnectDialog />
    </Card>
  );
}
