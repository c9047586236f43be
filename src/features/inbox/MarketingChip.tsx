import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Conversation } from '../../../contract';
import { formatDate } from '../../components/dates';

export interface MarketingChipProps {
  conversation: Pick<Conversation, 'marketing_stopped_at'> | null;
}

export const MARKETING_TEXTS = {
  stopped: 'Stopped marketing messages',
  stoppedOn: (date: string) =>
    `On ${date} this customer stopped marketing messages from your business in WhatsApp. Marketing templates cannot reach them; replies and utility templates still can.`,
} as const;

/** In the chat header: the customer stopped marketing messages (WhatsApp's user_preferences), and when. */
export default function MarketingChip({ conversation }: MarketingChipProps) {
  const stoppedAt = conversation?.marketing_stopped_at;
  if (!stoppedAt) return null;
  return (
    <Tooltip title={MARKETING_TEXTS.stoppedOn(formatDate(stoppedAt))}>
      <Chip
        size="small"
        variant="outlined"
        icon={<NotificationsOffIcon />}
        label={MARKETING_TEXTS.stopped}
        sx={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}
