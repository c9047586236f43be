import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectConnectionStatus } from '../connection/slice';
import EmptyState from './EmptyState';
import { conversationName, INBOX_TEXTS, MESSAGE_SKELETON_ROWS } from './format';
import { NeedsYouChip } from './HandoverControls';
import LoadFailed from './LoadFailed';
import {
  selectConversations,
  selectConversationsStatus,
  selectOpenConversationId,
  selectSearch,
  selectSearchStatus,
  selectShownPages,
  selectVisibleConversations,
} from './selectors';
import {
  conversationOpened,
  conversationSearchEdited,
  conversationsReloadRequested,
  moreConversationsRequested,
} from './slice';
import type { OlderStatus } from './state';
import { listTime } from './time';
import { useNow } from './useNow';
import { NO_LAYOUT_RECT, observeRectOrFallback } from './virtual';

export const CONVERSATION_ROW_HEIGHT_PX = 72;
/** The next page is asked for once the last rows on screen are this close to the end of those loaded. */
export const LOAD_MORE_THRESHOLD_ROWS = 5;

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  now: number;
  onOpen: (id: string) => void;
}

function ConversationRow({ conversation, selected, now, onOpen }: ConversationRowProps) {
  const name = conversationName(conversation);
  const unread = conversation.unread_count;
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onOpen(conversation.id)}
      aria-current={selected ? 'true' : undefined}
      sx={{ height: CONVERSATION_ROW_HEIGHT_PX, gap: 1.5, px: 1.5 }}
    >
      <Avatar src={conversation.avatar ?? undefined} alt="" aria-hidden sx={{ width: 40, height: 40 }}>
        {name.replace('+', '').charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: unread > 0 ? 700 : 500 }}>
            {name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {listTime(conversation.timestamp, now)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
            {conversation.last_message}
          </Typography>
          <NeedsYouChip conversation={conversation} />
          {unread > 0 && (
            <Box
              component="span"
              aria-label={`${unread} unread`}
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
              {unread}
            </Box>
          )}
        </Box>
      </Box>
    </ListItemButton>
  );
}

/** The row under the last one while the next page is on its way. */
function MoreRow() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: CONVERSATION_ROW_HEIGHT_PX }}>
      <CircularProgress size={20} aria-label="Loading more conversations" />
    </Box>
  );
}

interface ConversationRowsProps {
  conversations: Conversation[];
  /** Whether a next page exists ('available'), is on its way, or the end is loaded. */
  more: OlderStatus;
}

/** Only the rows in view exist in the DOM, so 10,000 conversations scroll like ten; nearing the end loads the next page. */
function ConversationRows({ conversations, more }: ConversationRowsProps) {
  const dispatch = useAppDispatch();
  const openId = useAppSelector(selectOpenConversationId);
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = conversations.length + (more === 'loading' ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CONVERSATION_ROW_HEIGHT_PX,
    getItemKey: (index) => conversations[index]?.id ?? 'more',
    overscan: 6,
    initialRect: NO_LAYOUT_RECT,
    observeElementRect: observeRectOrFallback,
  });
  const open = (id: string) => dispatch(conversationOpened(id));
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length > 0 ? items[items.length - 1].index : -1;
  const loadMore = useCallback(() => dispatch(moreConversationsRequested()), [dispatch]);
  useEffect(() => {
    if (more === 'available' && lastShown >= conversations.length - LOAD_MORE_THRESHOLD_ROWS) loadMore();
  }, [more, lastShown, conversations.length, loadMore]);

  return (
    <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      <Box role="list" aria-label="Conversations" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {items.map((item) => (
          <Box
            key={item.key}
            role="listitem"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
          >
            {item.index < conversations.length ? (
              <ConversationRow
                conversation={conversations[item.index]}
                selected={conversations[item.index].id === openId}
                now={now}
                onOpen={open}
              />
            ) : (
              <MoreRow />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ConversationSkeletons() {
  return (
    <Box role="status" aria-label="Loading conversations" sx={{ px: 1.5 }}>
      {Array.from({ length: MESSAGE_SKELETON_ROWS }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: CONVERSATION_ROW_HEIGHT_PX }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="85%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The left pane: search, then one row per conversation, newest activity first. */
export default function ConversationList() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectConversationsStatus);
  const search = useAppSelector(selectSearch);
  const all = useAppSelector(selectConversations);
  const visible = useAppSelector(selectVisibleConversations);
  const searchStatus = useAppSelector(selectSearchStatus);
  const pages = useAppSelector(selectShownPages);
  const searching = search.trim() !== '';
  const notConnected = useAppSelector(selectConnectionStatus) === 'disconnected';
  // While the server has not answered for the text typed, what shows is the loaded list narrowed here: no paging.
  const more = searching && searchStatus !== 'loaded' ? 'none' : pages.more;

  let content;
  if (status === 'failed') {
    content = (
      <LoadFailed text={INBOX_TEXTS.conversationsFailed} onRetry={() => dispatch(conversationsReloadRequested())} />
    );
  } else if (status !== 'loaded') {
    content = <ConversationSkeletons />;
  } else if (all.length === 0) {
    content = (
      <EmptyState
        icon={<ForumOutlinedIcon fontSize="large" />}
        title={INBOX_TEXTS.noConversations}
        text={notConnected ? INBOX_TEXTS.notConnectedHint : INBOX_TEXTS.noConversationsHint}
        action={
          notConnected && (
            <Button component={Link} to="/onboarding" variant="contained" sx={{ mt: 1 }}>
              {INBOX_TEXTS.connect}
            </Button>
          )
        }
      />
    );
  } else if (visible.length === 0 && searchStatus === 'failed') {
    content = (
      <LoadFailed text={INBOX_TEXTS.conversationsFailed} onRetry={() => dispatch(conversationSearchEdited(search))} />
    );
  } else if (visible.length === 0 && searching && searchStatus !== 'loaded') {
    content = <ConversationSkeletons />;
  } else if (visible.length === 0) {
    content = <EmptyState icon={<SearchIcon fontSize="large" />} title={INBOX_TEXTS.noSearchResults} />;
  } else {
    content = <ConversationRows conversations={visible} more={more} />;
  }

  return (
    <Box
      component="section"
      aria-label="Conversation list"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          placeholder="Search conversations"
          value={search}
          onChange={(event) => dispatch(conversationSearchEdited(event.target.value))}
          slotProps={{
            htmlInput: { 'aria-label': 'Search conversations' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {content}
    </Box>
  );
}
