import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  text?: string;
  /** What the owner can do about it, e.g. a link to connect. */
  action?: ReactNode;
}

export default function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        p: 4,
        height: '100%',
        color: 'text.secondary',
      }}
    >
      {icon}
      <Typography variant="subtitle1" component="p" color="text.primary">
        {title}
      </Typography>
      {text && <Typography variant="body2">{text}</Typography>}
      {action}
    </Box>
  );
}
