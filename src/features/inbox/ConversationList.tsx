import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Conversation, ConversationFilter } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectConnectionStatus } from '../connection/slice';
import EmptyState from './EmptyState';
import ConversationRow, { CONVERSATION_ROW_HEIGHT_PX } from './ConversationRow';
import { INBOX_TEXTS, MESSAGE_SKELETON_ROWS } from './format';
import LoadFailed from './LoadFailed';
import {
  selectConversations,
  selectConversationsStatus,
  selectFilter,
  selectOpenConversationId,
  selectSearch,
  selectSearchStatus,
  selectShownPages,
  selectVisibleConversations,
} from './selectors';
import {
  conversationFilterChosen,
  conversationOpened,
  searchMatchOpened,
  conversationSearchEdited,
  conversationsReloadRequested,
  moreConversationsRequested,
} from './slice';
import type { OlderStatus } from './state';
import { useNow } from '../../components/useNow';
import { NO_LAYOUT_RECT, observeRectOrFallback } from './virtual';

export { CONVERSATION_ROW_HEIGHT_PX };
/** The next page is asked for once the last rows on screen are this close to the end of those loaded. */
export const LOAD_MORE_THRESHOLD_ROWS = 5;

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
  const open = (conversation: Conversation) => {
    dispatch(conversationOpened(conversation.id));
    if (conversation.match) {
      dispatch(searchMatchOpened({ conversationId: conversation.id, messageId: conversation.match.message_id }));
    }
  };
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

const FILTER_TABS: { filter: ConversationFilter; label: string }[] = [
  { filter: 'needs_you', label: INBOX_TEXTS.filterNeedsYou },
  { filter: 'unread', label: INBOX_TEXTS.filterUnread },
  { filter: 'all', label: INBOX_TEXTS.filterAll },
];

/** What an empty list says under a filter ('All' has its own, with the connection's hint). */
const FILTER_EMPTY: Record<Exclude<ConversationFilter, 'all'>, { title: string; text: string }> = {
  needs_you: { title: INBOX_TEXTS.noneNeedYou, text: INBOX_TEXTS.noneNeedYouHint },
  unread: { title: INBOX_TEXTS.noneUnread, text: INBOX_TEXTS.noneUnreadHint },
};

/** 'Needs you', 'Unread', 'All': which conversations the list shows. */
function FilterTabs() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  return (
    <Tabs
      value={filter}
      onChange={(_event, value: ConversationFilter) => dispatch(conversationFilterChosen(value))}
      aria-label={INBOX_TEXTS.filters}
      variant="fullWidth"
      sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
    >
      {FILTER_TABS.map(({ filter: value, label }) => (
        // One line each at 390 px: the labels keep their words together and the tabs share the width.
        <Tab
          key={value}
          value={value}
          label={label}
          sx={{ minHeight: 40, minWidth: 0, px: 1, py: 0.5, whiteSpace: 'nowrap' }}
        />
      ))}
    </Tabs>
  );
}

/** The list's place when there is nothing to list yet: the connection's hint, or the way to connect. */
function NoConversations() {
  const notConnected = useAppSelector(selectConnectionStatus) === 'disconnected';
  return (
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
}

/** What the list shows under the search and filters: the rows, or why there are none, or that they load. */
function ConversationListContent() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectConversationsStatus);
  const search = useAppSelector(selectSearch);
  const all = useAppSelector(selectConversations);
  const visible = useAppSelector(selectVisibleConversations);
  const searchStatus = useAppSelector(selectSearchStatus);
  const pages = useAppSelector(selectShownPages);
  const searching = search.trim() !== '';
  const filter = useAppSelector(selectFilter);
  // While the server has not answered for the text typed, what shows is the loaded list narrowed here: no paging.
  const more = searching && searchStatus !== 'loaded' ? 'none' : pages.more;

  if (status === 'failed') {
    return (
      <LoadFailed text={INBOX_TEXTS.conversationsFailed} onRetry={() => dispatch(conversationsReloadRequested())} />
    );
  }
  if (status !== 'loaded') return <ConversationSkeletons />;
  if (all.length === 0 && filter !== 'all') {
    return (
      <EmptyState
        icon={<ForumOutlinedIcon fontSize="large" />}
        title={FILTER_EMPTY[filter].title}
        text={FILTER_EMPTY[filter].text}
      />
    );
  }
  if (all.length === 0) return <NoConversations />;
  if (visible.length === 0 && searchStatus === 'failed') {
    return (
      <LoadFailed text={INBOX_TEXTS.conversationsFailed} onRetry={() => dispatch(conversationSearchEdited(search))} />
    );
  }
  if (visible.length === 0 && searching && searchStatus !== 'loaded') return <ConversationSkeletons />;
  if (visible.length === 0) {
    return <EmptyState icon={<SearchIcon fontSize="large" />} title={INBOX_TEXTS.noSearchResults} />;
  }
  return <ConversationRows conversations={visible} more={more} />;
}

function ConversationSearch() {
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectSearch);
  return (
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
  );
}

/** The left pane: search, filters, then one row per conversation, newest activity first. */
export default function ConversationList() {
  return (
    <Box
      component="section"
      aria-label="Conversation list"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <ConversationSearch />
      <FilterTabs />
      <ConversationListContent />
    </Box>
  );
}
