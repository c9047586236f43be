import DoneIcon from '@mui/icons-material/DoneAll';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { conversationName } from './format';
import { NeedsYouChip } from './HandoverControls';
import { attendanceChangeClicked, HANDOVER_TEXTS, selectAttendanceChanging } from './handoverSlice';
import { selectSearch } from './selectors';
import { listTime } from '../../components/time';

export const CONVERSATION_ROW_HEIGHT_PX = 72;

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  now: number;
  onOpen: (conversation: Conversation) => void;
}

export interface MarkedExcerptProps {
  excerpt: string;
  search: string;
}

/** The words of the search marked in a matching message's excerpt. */
function MarkedExcerpt({ excerpt, search }: MarkedExcerptProps) {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return excerpt;
  const pattern = new RegExp(`((?<![\\p{L}\\p{N}])(?:${words.join('|')})[\\p{L}\\p{N}]*)`, 'giu');
  return excerpt.split(pattern).map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}

export interface MarkDoneButtonProps {
  conversation: Conversation;
}

/** The room 'Mark done' takes at the end of the row's second line. */
const MARK_DONE_ROOM_PX = 32;

/** 'Mark done' beside a conversation that needs the owner: answered elsewhere, nothing left to do. */
function MarkDoneButton({ conversation }: MarkDoneButtonProps) {
  const dispatch = useAppDispatch();
  const changing = useAppSelector(selectAttendanceChanging);
  if (!conversation.needs_you) return null;
  return (
    <Tooltip title={HANDOVER_TEXTS.markDone}>
      <IconButton
        // In the conversation's list item, beside its row: at the end of the second line, clear of the name.
        aria-label={HANDOVER_TEXTS.markDone}
        disabled={changing !== null}
        onClick={() => dispatch(attendanceChangeClicked({ conversationId: conversation.id, change: 'done' }))}
        sx={{ position: 'absolute', right: 6, bottom: 8 }}
        size="small"
      >
        <DoneIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export interface UnreadCountProps {
  count: number;
}

/** The round count of unread messages at the end of a row; nothing when all are read. */
function UnreadCount({ count }: UnreadCountProps) {
  if (count <= 0) return null;
  return (
    <Box
      component="span"
      aria-label={`${count} unread`}
      sx={{
        flexShrink: 0,
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: 12,
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {count}
    </Box>
  );
}

/** A row's second line: the search's match; for one that needs the owner, what the customer asked; else the last message. */
function RowPreview({ conversation, search }: { conversation: Conversation; search: string }) {
  if (conversation.match) return <MarkedExcerpt excerpt={conversation.match.excerpt} search={search} />;
  if (conversation.needs_you && conversation.customer_message) return conversation.customer_message;
  return conversation.last_message;
}

/** One conversation in the list: who, when, the last message (or the search's match), and its badges. */
export default function ConversationRow({ conversation, selected, now, onOpen }: ConversationRowProps) {
  const search = useAppSelector(selectSearch);
  const name = conversationName(conversation);
  const unread = conversation.unread_count;
  return (
    <>
      <ListItemButton
        selected={selected}
        onClick={() => onOpen(conversation)}
        aria-current={selected ? 'true' : undefined}
        sx={{ height: CONVERSATION_ROW_HEIGHT_PX, gap: 1.5, pl: 1.5, pr: 1.5 }}
      >
        <Avatar src={conversation.avatar ?? undefined} alt="" aria-hidden sx={{ width: 40, height: 40 }}>
          {name.replace('+', '').charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography noWrap title={name} sx={{ flex: 1, fontWeight: unread > 0 ? 700 : 500 }}>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {listTime(conversation.timestamp, now)}
            </Typography>
          </Box>
          {/* Room at the end for 'Mark done', a button of its own beside this one. */}
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              pr: conversation.needs_you ? `${MARK_DONE_ROOM_PX}px` : 0,
            }}
          >
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
              <RowPreview conversation={conversation} search={search} />
            </Typography>
            <NeedsYouChip conversation={conversation} />
            <UnreadCount count={unread} />
          </Box>
        </Box>
      </ListItemButton>
      <MarkDoneButton conversation={conversation} />
    </>
  );
}
