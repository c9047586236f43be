import ChatIcon from '@mui/icons-material/Chat';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import ChatPane from './ChatPane';
import ConversationList from './ConversationList';
import { CHAT_PANEL_SIZE, LIST_PANEL_SIZE, MOBILE_MEDIA_QUERY } from './format';
import { selectMobileListOpen } from './selectors';
import { conversationOpened, conversationsViewClosed, conversationsViewOpened, mobileListToggled } from './slice';
import PageTitle from '../../components/PageTitle';
import { visuallyHidden } from '../../components/visuallyHidden';

/** `/messages?c=<id>` opens that conversation (the bell's hand-overs link here). */
export const OPEN_CONVERSATION_PARAM = 'c';

/** The page fills the window below the app bar (MUI's toolbar, 56 px on phones and 64 px above, and its 1 px border). */
const PAGE_HEIGHT = { xs: 'calc(100dvh - 57px)', sm: 'calc(100dvh - 65px)' };

/** Below the breakpoint: one pane, and a menu toggle between the list and the chat. */
function MobileInbox() {
  const dispatch = useAppDispatch();
  const listOpen = useAppSelector(selectMobileListOpen);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: PAGE_HEIGHT }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <IconButton
          aria-label={listOpen ? 'Show chat' : 'Show conversations'}
          aria-pressed={listOpen}
          onClick={() => dispatch(mobileListToggled())}
        >
          {listOpen ? <ChatIcon /> : <ForumOutlinedIcon />}
        </IconButton>
        {/* A label, not a heading (MUI makes a subtitle an h6). */}
        <Typography variant="subtitle2" component="p" noWrap>
          {listOpen ? 'Conversations' : 'All conversations'}
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0 }}>{listOpen ? <ConversationList /> : <ChatPane />}</Box>
    </Box>
  );
}

/** Two panes with a draggable handle between them (SPEC.md §2, §9). */
function DesktopInbox() {
  return (
    <Box sx={{ height: PAGE_HEIGHT }}>
      <Group orientation="horizontal" style={{ height: '100%' }}>
        <Panel
          id="conversation-list"
          defaultSize={LIST_PANEL_SIZE.default}
          minSize={LIST_PANEL_SIZE.min}
          maxSize={LIST_PANEL_SIZE.max}
        >
          <ConversationList />
        </Panel>
        <Separator aria-label="Resize conversation list" style={{ width: 6, cursor: 'col-resize' }}>
          <Box sx={{ width: '1px', height: '100%', mx: 'auto', bgcolor: 'divider' }} />
        </Separator>
        <Panel id="chat" defaultSize={CHAT_PANEL_SIZE}>
          <ChatPane />
        </Panel>
      </Group>
    </Box>
  );
}

/** /messages: the owner's WhatsApp conversations, read and answered by hand, refreshed every few seconds. */
export default function MessagesPage() {
  const dispatch = useAppDispatch();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(OPEN_CONVERSATION_PARAM);

  useEffect(() => {
    dispatch(conversationsViewOpened());
    return () => {
      dispatch(conversationsViewClosed());
    };
  }, [dispatch]);

  // Declared after the view opens, so that the conversation opens in it; the link is then spent.
  useEffect(() => {
    if (!linkedId) return;
    dispatch(conversationOpened(linkedId));
    setSearchParams(
      (params) => {
        params.delete(OPEN_CONVERSATION_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [dispatch, linkedId, setSearchParams]);

  return (
    <>
      <PageTitle title="Messages" />
      <Typography component="h1" sx={visuallyHidden}>
        Messages
      </Typography>
      {isMobile ? <MobileInbox /> : <DesktopInbox />}
    </>
  );
}
