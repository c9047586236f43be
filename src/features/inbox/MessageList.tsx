import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type PointerEvent, type RefObject } from 'react';
import type { Message } from '../../../contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import MessageBubble from './MessageBubble';
import { selectHighlightId, selectMessages, selectOlderMessages, selectReactingMessages } from './selectors';
import {
  messageCopyClicked,
  messageDeleteClicked,
  olderMessagesRequested,
  reactionPicked,
  replyTargetChosen,
} from './slice';
import { useNow } from '../../components/useNow';
import { NO_LAYOUT_RECT, observeRectOrFallback } from './virtual';

/** Closer to the bottom than this counts as being at the bottom: new messages then scroll into view. */
export const STICK_TO_BOTTOM_PX = 80;
const ESTIMATED_MESSAGE_HEIGHT_PX = 72;

export interface MessageListProps {
  conversationId: string;
}

/**
 * Scrolls to a search's match once it is loaded, and to a new last message while the owner is at the
 * bottom; returns the scroll handlers that tell whether they are.
 */
function useMessageScrolling(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  messages: Message[],
  highlightId: string | null,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const atBottomRef = useRef(true);
  const highlightIndex = highlightId ? messages.findIndex((message) => message.id === highlightId) : -1;
  useEffect(() => {
    if (highlightIndex < 0) return;
    atBottomRef.current = false;
    virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
  }, [highlightIndex, virtualizer]);

  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId && atBottomRef.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [lastId, messages.length, virtualizer]);

  // Photos and videos take their height only once loaded (nothing stored says it before): while the owner
  // has not scrolled up, the list stays pinned to its newest message as they grow.
  const totalSize = virtualizer.getTotalSize();
  useEffect(() => {
    const element = scrollRef.current;
    if (element && atBottomRef.current) element.scrollTop = element.scrollHeight;
  }, [totalSize, scrollRef]);

  // Only the owner's own scrolling unpins the list: the virtualizer's corrections and growing photos
  // move it too, and must not be taken for the owner scrolling up to read.
  const ownerScrolledRef = useRef(false);
  const onOwnerScroll = () => {
    ownerScrolledRef.current = true;
  };
  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (atBottom || ownerScrolledRef.current) atBottomRef.current = atBottom;
    // Moved off the bottom by something else than the owner (the virtualizer's correction as a photo above grows,
    // with no new size to re-render for): a pinned list goes back to its newest message.
    else if (atBottomRef.current) element.scrollTop = element.scrollHeight;
  };
  return {
    onScroll,
    onWheel: onOwnerScroll,
    onTouchMove: onOwnerScroll,
    onKeyDown: onOwnerScroll,
    // On the list itself rather than a message: its scrollbar.
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => event.target === event.currentTarget && onOwnerScroll(),
  };
}

/** What the owner can do to a message, as events for the open conversation. */
function useMessageActions(conversationId: string) {
  const dispatch = useAppDispatch();
  return {
    onReply: (message: Message) => dispatch(replyTargetChosen(message.id)),
    onCopy: (message: Message) => dispatch(messageCopyClicked({ text: message.body })),
    onDelete: (message: Message) => dispatch(messageDeleteClicked({ conversationId, messageId: message.id })),
    onReact: (message: Message, emoji: string) =>
      dispatch(reactionPicked({ conversationId, messageId: message.id, emoji })),
  };
}

/** 'Load earlier messages' above the first one loaded, while older ones exist. */
function LoadEarlierMessages() {
  const dispatch = useAppDispatch();
  const older = useAppSelector(selectOlderMessages);
  if (older === 'none') return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
      <Button size="small" onClick={() => dispatch(olderMessagesRequested())} disabled={older === 'loading'}>
        Load earlier messages
      </Button>
    </Box>
  );
}

/**
 * The open conversation's messages, oldest at the top, virtualised with measured heights. It follows
 * new messages unless the owner has scrolled up to read.
 */
export default function MessageList({ conversationId }: MessageListProps) {
  const messages = useAppSelector(selectMessages);
  const reacting = useAppSelector(selectReactingMessages);
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(messages.map((message) => [message.id, message])), [messages]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_MESSAGE_HEIGHT_PX,
    getItemKey: (index) => messages[index].id,
    overscan: 8,
    initialRect: NO_LAYOUT_RECT,
    observeElementRect: observeRectOrFallback,
  });

  // A search's match: scrolled to once it is loaded, and marked.
  const highlightId = useAppSelector(selectHighlightId);
  const scrollHandlers = useMessageScrolling(virtualizer, messages, highlightId, scrollRef);
  const actions = useMessageActions(conversationId);

  return (
    <Box ref={scrollRef} {...scrollHandlers} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1 }}>
      <LoadEarlierMessages />
      <Box role="log" aria-label="Messages" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index];
          const quotedId = message.in_reply_to_message_id;
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              data-search-match={message.id === highlightId ? 'true' : undefined}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
                ...(message.id === highlightId && { bgcolor: 'action.selected', borderRadius: 1 }),
              }}
            >
              <MessageBubble
                message={message}
                quoted={quotedId ? (byId.get(quotedId) ?? null) : undefined}
                now={now}
                reacting={message.id in reacting}
                {...actions}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
