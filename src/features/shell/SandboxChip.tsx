import ScienceIcon from '@mui/icons-material/Science';
import Chip from '@mui/material/Chip';
import { selectIsSandbox } from '../connection/slice';
import { useAppSelector } from '../../store/hooks';

/** Where the sandbox's customer phone lives (served by the API server, not the SPA). */
export const SANDBOX_PHONE_URL = '/sandbox/phone';

/**
 * DESIGN.md §6: while the WhatsApp sandbox stands in for Meta, the header says so with a small chip
 * that opens the customer phone in a new tab, so nobody mistakes the sandbox for Meta.
 */
export default function SandboxChip() {
  const sandbox = useAppSelector(selectIsSandbox);
  if (!sandbox) return null;
  return (
    <Chip
      component="a"
      href={SANDBOX_PHONE_URL}
      target="_blank"
      rel="noopener noreferrer"
      clickable
      size="small"
      color="warning"
      variant="outlined"
      icon={<ScienceIcon />}
      label="Sandbox"
      aria-label="Sandbox: open the customer phone"
      title="Sandbox: open the customer phone"
      // A phone's header keeps the flask and gives the page's name the room of the word.
      sx={{
        '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } },
        '& .MuiChip-icon': { mx: { xs: 0.5, sm: 0 } },
      }}
    />
  );
}
