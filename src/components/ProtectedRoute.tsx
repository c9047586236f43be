import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectAuthStatus } from '../features/auth/slice';
import { useAppSelector } from '../store/hooks';

/** 'Loading...' while auth loads, the page when signed in, else /login (remembering where from). */
export default function ProtectedRoute() {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'loading') {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight: '60vh' }}
      >
        <Typography>Loading...</Typography>
      </Box>
    );
  }
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}
