import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { INBOX_TEXTS } from './format';

export interface LoadFailedProps {
  text: string;
  onRetry: () => void;
}

/** SPEC.md §8 (Messages): the failure and a 'Try again' link that loads again. */
export default function LoadFailed({ text, onRetry }: LoadFailedProps) {
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <span>{text}</span>{' '}
      <Link component="button" type="button" onClick={onRetry} sx={{ verticalAlign: 'baseline', ml: 0.5 }}>
        {INBOX_TEXTS.tryAgain}
      </Link>
    </Alert>
  );
}
