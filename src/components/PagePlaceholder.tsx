import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface PagePlaceholderProps {
  title: string;
  text?: string;
}

/** A page whose content a later issue builds: its title, so that routes can be walked already. */
export default function PagePlaceholder({ title, text }: PagePlaceholderProps) {
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
    </Box>
  );
}
