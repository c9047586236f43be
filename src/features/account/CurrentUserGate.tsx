import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { UserProfile } from '../../../contract';
import { selectCurrentUser, selectUserStatus } from '../auth/slice';
import { useAppSelector } from '../../store/hooks';

export const PROFILE_UNAVAILABLE = 'Could not load user profile.';

export interface CurrentUserGateProps {
  children: (user: UserProfile) => ReactNode;
}

/** Renders its children with the signed-in user; a spinner while it loads, a notice if it could not. */
export default function CurrentUserGate({ children }: CurrentUserGateProps) {
  const user = useAppSelector(selectCurrentUser);
  const userStatus = useAppSelector(selectUserStatus);
  if (user) return children(user);
  if (userStatus === 'failed') return <Typography color="error">{PROFILE_UNAVAILABLE}</Typography>;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading profile" />
    </Box>
  );
}
