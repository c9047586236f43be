import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectUnreadConversations } from './selectors';
import { unreadBadgeHidden, unreadBadgeShown } from './slice';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface UnreadBadgeProps {
  children: ReactNode;
}

/**
 * The sidebar's Messages badge (DESIGN.md §12): the real number of conversations with unread messages,
 * kept fresh while it is on screen; nothing when there are none.
 */
export default function UnreadBadge({ children }: UnreadBadgeProps) {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnreadConversations);

  useEffect(() => {
    dispatch(unreadBadgeShown());
    return () => {
      dispatch(unreadBadgeHidden());
    };
  }, [dispatch]);

  if (unread === 0) return children;
  const label = `${unread} unread ${unread === 1 ? 'conversation' : 'conversations'}`;
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
