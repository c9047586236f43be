import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSignupStatus } from './signupSlice';
import ConnectStep from './ConnectStep';
import {
  ONBOARDING_STEP_COUNT,
  onboardingBackClicked,
  onboardingClosed,
  onboardingNextClicked,
  onboardingOpened,
  onboardingSkipped,
  selectOnboardingProgress,
  selectOnboardingReconnecting,
  selectOnboardingStep,
} from './slice';
import WelcomeStep from './WelcomeStep';

/** /onboarding: a welcome, then the connect step; `?reconnect=true` goes straight to connecting. */
export default function OnboardingPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const reconnect = searchParams.get('reconnect') === 'true';
  const step = useAppSelector(selectOnboardingStep);
  const progress = useAppSelector(selectOnboardingProgress);
  const reconnecting = useAppSelector(selectOnboardingReconnecting);
  const loading = useAppSelector(selectSignupStatus) === 'in_progress';
  const isFirstStep = step === 1;
  const isLastStep = step === ONBOARDING_STEP_COUNT;

  useEffect(() => {
    dispatch(onboardingOpened({ reconnect }));
    return () => {
      dispatch(onboardingClosed());
    };
  }, [dispatch, reconnect]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', py: { xs: 3, md: 6 }, bgcolor: 'background.default' }}>
      <Container maxWidth="md">
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <WhatsAppIcon color="success" fontSize="large" />
            <Typography variant="h4" component="h1">
              {reconnecting ? 'Reconnect WhatsApp' : 'Connect WhatsApp'}
            </Typography>
          </Stack>
          <Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
              <Typography variant="body2">{`Step ${step} of ${ONBOARDING_STEP_COUNT}`}</Typography>
              <Typography variant="body2" color="text.secondary">{`${progress}% Complete`}</Typography>
            </Stack>
            <LinearProgress variant="determinate" value={progress} aria-label="Onboarding progress" />
          </Box>
          <Card>
            <CardContent sx={{ p: { xs: 2, md: 4 } }}>
              {isFirstStep ? <WelcomeStep /> : <ConnectStep reconnecting={reconnecting} />}
            </CardContent>
            <CardActions sx={{ px: { xs: 2, md: 4 }, pb: 3, justifyContent: 'space-between', flexWrap: 'wrap' }}>
              {isFirstStep ? (
                <Button component={Link} to="/">
                  Back to Home
                </Button>
              ) : (
                <Button onClick={() => dispatch(onboardingBackClicked())} disabled={loading}>
                  Back
                </Button>
              )}
              <Stack direction="row" spacing={1}>
                {!reconnecting && (
                  <Button onClick={() => dispatch(onboardingSkipped())} disabled={loading}>
                    Skip for now
                  </Button>
                )}
                {isLastStep ? (
                  // SPEC.md §2: this button does nothing itself; the connect button above does the work.
                  <Button variant="outlined" disabled={loading}>
                    Connect My WhatsApp
                  </Button>
                ) : (
                  <Button variant="contained" onClick={() => dispatch(onboardingNextClicked())} disabled={loading}>
                    Next
                  </Button>
                )}
              </Stack>
            </CardActions>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
