import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import CurrentUserGate from './CurrentUserGate';
import DangerZoneTab from './DangerZoneTab';
import ProfileTab from './ProfileTab';
import SecurityTab from './SecurityTab';
import VerificationTab from './VerificationTab';
import { accountSettingsClosed, accountSettingsOpened } from './slice';
import { useAppDispatch } from '../../store/hooks';
import PageTitle from '../../components/PageTitle';

type AccountSettingsTab = 'profile' | 'security' | 'verification' | 'danger';

const TABS: { value: AccountSettingsTab; label: string; render: () => ReactNode }[] = [
  {
    value: 'profile',
    label: 'Profile',
    render: () => <CurrentUserGate>{(user) => <ProfileTab user={user} />}</CurrentUserGate>,
  },
  { value: 'security', label: 'Security', render: () => <SecurityTab /> },
  {
    value: 'verification',
    label: 'Verification',
    render: () => <CurrentUserGate>{(user) => <VerificationTab user={user} />}</CurrentUserGate>,
  },
  { value: 'danger', label: 'Danger Zone', render: () => <DangerZoneTab /> },
];

export default function AccountSettingsPage() {
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<AccountSettingsTab>('profile');
  useEffect(() => {
    dispatch(accountSettingsOpened());
    return () => {
      dispatch(accountSettingsClosed());
    };
  }, [dispatch]);
  const current = TABS.find((candidate) => candidate.value === tab) ?? TABS[0];

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageTitle title="Account Settings" />
      <Typography variant="h4" component="h1" gutterBottom>
        Account Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Manage your profile, password, email verification and account.
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, value: AccountSettingsTab) => setTab(value)}
          aria-label="Account settings sections"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map(({ value, label }) => (
            <Tab key={value} value={value} label={label} id={`account-tab-${value}`} aria-controls="account-tabpanel" />
          ))}
        </Tabs>
        <Box role="tabpanel" id="account-tabpanel" aria-labelledby={`account-tab-${current.value}`} sx={{ p: 3 }}>
          {current.render()}
        </Box>
      </Paper>
    </Box>
  );
}
