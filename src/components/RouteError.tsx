import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import PageTitle from './PageTitle';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error element: a route that throws while loading or rendering ends here. */
export default function RouteError() {
  const error = useRouteError();
  return (
    <Box component="main" role="alert" sx={{ p: 4 }}>
      <PageTitle title="Unexpected error" />
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', color: 'error.main' }}>
        {describe(error)}
      </Typography>
    </Box>
  );
}
