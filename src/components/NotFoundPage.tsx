import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import PageTitle from './PageTitle';

export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <PageTitle title="Page not found" />
      <Typography variant="h1" component="h1" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="p" color="text.secondary">
        Oops! Page not found
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Return to Home
      </Button>
    </Box>
  );
}
