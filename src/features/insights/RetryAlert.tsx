import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  sx?: AlertProps['sx'];
}

/** Figures that could not be loaded, with the button that asks for them again. */
export default function RetryAlert({ message, onRetry, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
