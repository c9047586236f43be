import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HANDOVER_TEXTS, handoverBellHidden, handoverBellShown, selectEscalations } from './handoverSlice';
import { conversationName } from './format';
import { messageTime } from './time';
import { useNow } from './useNow';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** Where a hand-over's conversation opens: the inbox, with that conversation on screen. */
const handoverPath = (conversationId: string) => `/messages?c=${encodeURIComponent(conversationId)}`;

const countLabel = (count: number) => `${count} open ${count === 1 ? 'hand-over' : 'hand-overs'}`;

/**
 * The header's bell (DESIGN.md §12): its badge counts the open hand-overs to the owner, kept fresh
 * while the shell is on screen; its menu lists them, each opening its conversation.
 */
export default function HandoverBell() {
  const dispatch = useAppDispatch();
  const escalations = useAppSelector(selectEscalations);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const now = useNow();
  const count = escalations.length;

  useEffect(() => {
    dispatch(handoverBellShown());
    return () => {
      dispatch(handoverBellHidden());
    };
  }, [dispatch]);

  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={count > 0 ? countLabel(count) : HANDOVER_TEXTS.noHandovers} enterDelay={700}>
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
        slotProps={{ list: { 'aria-label': HANDOVER_TEXTS.handoversTitle, dense: true } }}
      >
        <ListSubheader>{HANDOVER_TEXTS.handoversTitle}</ListSubheader>
        {count === 0 ? (
          <MenuItem disabled>{HANDOVER_TEXTS.noHandovers}</MenuItem>
        ) : (
          escalations.map((escalation) => (
            <MenuItem
              key={escalation.id}
              component={Link}
              to={handoverPath(escalation.conversation_id)}
              onClick={close}
              sx={{ maxWidth: 360, whiteSpace: 'normal' }}
            >
              <ListItemText
                primary={conversationName({ id: escalation.conversation_id, name: escalation.customer_name })}
                secondary={`${escalation.reason} · ${messageTime(escalation.created_at, now)}`}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
