import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { INBOX_SETTINGS_TEXTS, readReceiptsToggled, selectInboxSettings } from './settingsSlice';

/** Whether opening a conversation marks its messages read on WhatsApp (blue ticks). */
export default function ReadReceiptsCard() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectInboxSettings);
  return (
    <Card variant="outlined">
      <CardHeader title={INBOX_SETTINGS_TEXTS.title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {settings.status === 'failed' ? (
          <Typography color="error">{INBOX_SETTINGS_TEXTS.loadFailed}</Typography>
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={settings.shown?.read_receipts ?? true}
                disabled={settings.status !== 'loaded' || settings.saving}
                onChange={(event) => dispatch(readReceiptsToggled(event.target.checked))}
              />
            }
            label={INBOX_SETTINGS_TEXTS.label}
          />
        )}
        <Typography variant="body2" color="text.secondary">
          {INBOX_SETTINGS_TEXTS.help}
        </Typography>
      </CardContent>
    </Card>
  );
}
