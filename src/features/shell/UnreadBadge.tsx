import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectUnreadConversations, unreadBadgeHidden, unreadBadgeShown } from './badgeSlice';
import { useShownEvents } from './useShownEvents';
import { plural } from '../../../contract/plural';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const COUNT_PREFIX = /^\(\d+\) /;

/** '(3) Messages · Threadline': the tab's title says how many conversations have unread messages. */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(COUNT_PREFIX, '');
  return unread > 0 ? `(${unread}) ${bare}` : bare;
}

/** Keeps the count in the tab's title, also when a page sets its own title later. */
function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithUnread(document.title, unread);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const head = document.querySelector('head');
    const observer = new MutationObserver(apply);
    if (head) observer.observe(head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [unread]);
}

/**
 * The unread count for as long as the signed-in frame shows (the phone's closed drawer included): kept
 * fresh, and in the tab's title. AppShell runs it once; the badge only draws the figure.
 */
export function useUnreadCount() {
  const unread = useAppSelector(selectUnreadConversations);
  useUnreadTitle(unread);
  useShownEvents(unreadBadgeShown, unreadBadgeHidden);
}

export interface UnreadBadgeProps {
  children: ReactNode;
}

/**
 * The sidebar's Messages badge (DESIGN.md §12): the real number of conversations with unread messages
 * (kept fresh by `useUnreadCount`); nothing when there are none.
 */
export default function UnreadBadge({ children }: UnreadBadgeProps) {
  const unread = useAppSelector(selectUnreadConversations);
  if (unread === 0) return children;
  const label = `${unread} unread ${plural(unread, 'conversation')}`;
  return (
    <>
      <Badge badgeContent={unread} max={99} color="error" title={label}>
        {children}
      </Badge>
      {/* MUI hides the badge from assistive technology; the link says it in words instead. */}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {label}
      </Box>
    </>
  );
}
