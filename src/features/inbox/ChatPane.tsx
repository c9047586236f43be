import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import AiReplying from './AiReplying';
import Composer from './Composer';
import EmptyState from './EmptyState';
import {
  conversationName,
  customerPhoneNumber,
  INBOX_TEXTS,
  MESSAGE_SKELETON_ROWS,
  MOBILE_MEDIA_QUERY,
} from './format';
import { AttendanceControls, AttendanceMenu, AttendanceState } from './HandoverControls';
import LoadFailed from './LoadFailed';
import MarketingChip from './MarketingChip';
import MessageList from './MessageList';
import ReplyBar from './ReplyBar';
import WindowChip from './WindowChip';
import { selectMessages, selectMessagesStatus, selectOpenConversation, selectOpenConversationId } from './selectors';
import { messagesReloadRequested } from './slice';

/** SPEC.md §9: 8 rows stand in for the messages while they load. */
function MessageSkeletons() {
  return (
    <Box role="status" aria-label="Loading messages" sx={{ flex: 1, px: 2, py: 1, overflow: 'hidden' }}>
      {Array.from({ length: MESSAGE_SKELETON_ROWS }, (_, index) => (
        <Box
          key={index}
          data-testid="message-skeleton"
          sx={{ display: 'flex', justifyContent: index % 2 ? 'flex-end' : 'flex-start', py: 0.75 }}
        >
          <Skeleton variant="rounded" width={`${40 + ((index * 17) % 35)}%`} height={44} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * Who the customer is on the first row, with the attendance buttons (a menu on a phone); the chips on
 * the second, where they never squeeze the name or cover the number.
 */
function ChatHeader({ conversationId }: { conversationId: string }) {
  const conversation = useAppSelector(selectOpenConversation);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const number = customerPhoneNumber(conversationId);
  const name = conversation ? conversationName(conversation) : (number ?? '');
  return (
    <Box sx={{ px: { xs: 1.5, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 } }}>
        <Avatar src={conversation?.avatar ?? undefined} alt="" aria-hidden sx={{ width: 36, height: 36 }}>
          {name.replace('+', '').charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" component="h2" noWrap title={name} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {name}
          </Typography>
          {number !== null && name !== number && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {number}
            </Typography>
          )}
        </Box>
        {isMobile ? <AttendanceMenu conversation={conversation} /> : <AttendanceControls conversation={conversation} />}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.75,
          mt: 0.75,
          '&:empty': { display: 'none' },
        }}
      >
        <AttendanceState conversation={conversation} />
        <WindowChip conversation={conversation} />
        <MarketingChip conversation={conversation} />
      </Box>
    </Box>
  );
}

/** The right pane: the open conversation, or an empty state when none is. */
export default function ChatPane() {
  const dispatch = useAppDispatch();
  const conversationId = useAppSelector(selectOpenConversationId);
  const status = useAppSelector(selectMessagesStatus);
  const count = useAppSelector(selectMessages).length;

  if (!conversationId) {
    return (
      <EmptyState
        icon={<ChatBubbleOutlineIcon fontSize="large" />}
        title={INBOX_TEXTS.noneSelected}
        text={INBOX_TEXTS.noneSelectedHint}
      />
    );
  }

  let body;
  if (status === 'failed') {
    body = <LoadFailed text={INBOX_TEXTS.messagesFailed} onRetry={() => dispatch(messagesReloadRequested())} />;
  } else if (status !== 'loaded') {
    body = <MessageSkeletons />;
  } else if (count === 0) {
    body = <EmptyState title={INBOX_TEXTS.noMessages} />;
  } else {
    body = <MessageList key={conversationId} conversationId={conversationId} />;
  }

  return (
    <Box component="section" aria-label="Chat" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <ChatHeader conversationId={conversationId} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</Box>
      <AiReplying />
      <ReplyBar />
      <Composer conversationId={conversationId} />
    </Box>
  );
}
