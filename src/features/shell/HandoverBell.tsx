import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Escalation } from '../../../contract';
import { conversationName } from '../../components/conversationName';
import { customerWords } from '../../../contract/customer-words';
import { messageTime } from '../../components/time';
import { useNow } from '../../components/useNow';
import { useAppSelector } from '../../store/hooks';
import { BELL_TEXTS, handoverBellHidden, handoverBellShown, selectEscalations } from './bellSlice';
import { useShownEvents } from './useShownEvents';
import { plural } from '../../../contract/plural';

/** Where a hand-over's conversation opens: the inbox, with that conversation on screen. */
const handoverPath = (conversationId: string) => `/messages?c=${encodeURIComponent(conversationId)}`;

const countLabel = (count: number) => `${count} open ${plural(count, 'hand-over')}`;

/** A hand-over's line under the name: what the customer asked, then why and when. */
function handoverDetail(escalation: Escalation, now: number) {
  const when = `${escalation.reason} · ${messageTime(escalation.created_at, now)}`;
  const words = customerWords(escalation.customer_message ?? '');
  return words ? (
    <>
      <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
        {words}
      </Box>
      {when}
    </>
  ) : (
    when
  );
}

/**
 * The bell menu's items: each open hand-over with who, what they asked, its reason and age, opening its conversation. A
 * function, not a component: the menu's keyboard focus looks for its items among its own children.
 */
function handoverItems(escalations: Escalation[], now: number, onOpen: () => void) {
  if (escalations.length === 0) return <MenuItem disabled>{BELL_TEXTS.noHandovers}</MenuItem>;
  return escalations.map((escalation) => (
    <MenuItem
      key={escalation.id}
      component={Link}
      to={handoverPath(escalation.conversation_id)}
      onClick={onOpen}
      sx={{ maxWidth: 360, whiteSpace: 'normal' }}
    >
      <ListItemText
        primary={conversationName({ id: escalation.conversation_id, name: escalation.customer_name })}
        secondary={handoverDetail(escalation, now)}
      />
    </MenuItem>
  ));
}

/**
 * The header's bell (DESIGN.md §12): its badge counts the open hand-overs to the owner, kept fresh
 * while the shell is on screen; its menu lists them, each opening its conversation.
 */
export default function HandoverBell() {
  const escalations = useAppSelector(selectEscalations);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const now = useNow();
  const count = escalations.length;
  useShownEvents(handoverBellShown, handoverBellHidden);

  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={count > 0 ? countLabel(count) : BELL_TEXTS.noHandovers} enterDelay={700}>
        <IconButton
          aria-label={count > 0 ? `Notifications: ${countLabel(count)}` : 'Notifications'}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {count > 0 ? (
            <Badge badgeContent={count} max={99} color="error" data-testid="handover-count">
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': BELL_TEXTS.handoversTitle, dense: true } }}
      >
        <ListSubheader>{BELL_TEXTS.handoversTitle}</ListSubheader>
        {handoverItems(escalations, now, close)}
      </Menu>
    </>
  );
}
