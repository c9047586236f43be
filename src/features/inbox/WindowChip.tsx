import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Conversation } from '../../../contract';
import { customerWindow, type CustomerWindowState } from './customerWindow';
import { useNow } from '../../components/useNow';

export interface WindowChipProps {
  conversation: Pick<Conversation, 'window_closes_at'> | null;
}

/** The header re-reads the time left this often. */
export const WINDOW_REFRESH_MS = 30_000;

const COLOR: Record<CustomerWindowState, ChipProps['color']> = { open: 'default', closing: 'warning', closed: 'error' };

/** In the chat header: how long the owner may still reply freely, a warning in the last hour, then closed. */
export default function WindowChip({ conversation }: WindowChipProps) {
  const now = useNow(WINDOW_REFRESH_MS);
  const window = conversation && customerWindow(conversation.window_closes_at, now);
  if (!window) return null;
  return (
    <Chip
      size="small"
      variant={window.state === 'open' ? 'outlined' : 'filled'}
      color={COLOR[window.state]}
      icon={<ScheduleIcon />}
      label={window.text}
      title="WhatsApp lets you write freely for 24 hours after the customer's last message; after that, only templates"
      sx={{ flexShrink: 0 }}
    />
  );
}
