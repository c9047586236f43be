import DoneIcon from '@mui/icons-material/DoneAll';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type ReactElement } from 'react';
import type { Conversation } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { AttendanceChange } from '../live/inboxEvents';
import { HANDOVER_TEXTS, attendanceChangeClicked, selectAttendanceChanging } from './handoverSlice';

type Attended = Pick<Conversation, 'id' | 'owner' | 'needs_you' | 'done'>;

/** 'Needs you': the AI handed this conversation to the owner and the hand-over is still open. */
export function NeedsYouChip({ conversation }: { conversation: Pick<Conversation, 'needs_you'> | null }) {
  if (!conversation?.needs_you) return null;
  return <Chip size="small" color="warning" label={HANDOVER_TEXTS.needsYou} sx={{ flexShrink: 0 }} />;
}

/**
 * Who answers, in the chat header: 'Needs you' (the customer waits for a person), 'You’re answering'
 * (the AI is paused for this customer) or 'AI answering'.
 */
export function AttendanceState({ conversation }: { conversation: Attended | null }) {
  if (!conversation) return null;
  if (conversation.needs_you) return <NeedsYouChip conversation={conversation} />;
  const label = conversation.owner === 'human' ? HANDOVER_TEXTS.youAnswer : HANDOVER_TEXTS.aiAnswering;
  return <Chip size="small" variant="outlined" label={label} sx={{ flexShrink: 0 }} />;
}

const BUTTONS: Record<AttendanceChange, { label: string; icon: ReactElement }> = {
  handBack: { label: HANDOVER_TEXTS.handBack, icon: <SmartToyIcon /> },
  takeOver: { label: HANDOVER_TEXTS.takeOver, icon: <PersonIcon /> },
  done: { label: HANDOVER_TEXTS.markDone, icon: <DoneIcon /> },
};

/** The changes a conversation offers: take over or hand back, and mark done unless it is. */
function changesFor(conversation: Attended): AttendanceChange[] {
  const changes: AttendanceChange[] = [conversation.owner === 'human' ? 'handBack' : 'takeOver'];
  if (!conversation.done) changes.push('done');
  return changes;
}

/** One click to change who answers: take over from the AI or hand back to it; and mark done. */
export function AttendanceControls({ conversation }: { conversation: Attended | null }) {
  const dispatch = useAppDispatch();
  const changing = useAppSelector(selectAttendanceChanging);
  if (!conversation) return null;
  return changesFor(conversation).map((change) => (
    <Button
      key={change}
      size="small"
      variant="outlined"
      startIcon={BUTTONS[change].icon}
      disabled={changing !== null}
      onClick={() => dispatch(attendanceChangeClicked({ conversationId: conversation.id, change }))}
      sx={{ flexShrink: 0 }}
    >
      {BUTTONS[change].label}
    </Button>
  ));
}

export const ATTENDANCE_MENU_LABEL = 'Conversation actions';

/** The same changes in a menu, where a phone's chat header has no room for the buttons. */
export function AttendanceMenu({ conversation }: { conversation: Attended | null }) {
  const dispatch = useAppDispatch();
  const changing = useAppSelector(selectAttendanceChanging);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!conversation) return null;
  const choose = (change: AttendanceChange) => () => {
    setAnchor(null);
    dispatch(attendanceChangeClicked({ conversationId: conversation.id, change }));
  };
  return (
    <>
      <IconButton
        aria-label={ATTENDANCE_MENU_LABEL}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': ATTENDANCE_MENU_LABEL } }}
      >
        {changesFor(conversation).map((change) => (
          <MenuItem key={change} disabled={changing !== null} onClick={choose(change)}>
            <ListItemIcon>{BUTTONS[change].icon}</ListItemIcon>
            {BUTTONS[change].label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
