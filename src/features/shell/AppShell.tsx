import AnalyticsIcon from '@mui/icons-material/Analytics';
import ChatIcon from '@mui/icons-material/Chat';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import TemplatesIcon from '@mui/icons-material/Description';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useMatches } from 'react-router';
import { MOBILE_MEDIA_QUERY } from '../../components/phoneWidth';
import SkipLink, { mainContentProps } from '../../components/SkipLink';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { userRefreshRequested } from '../auth/slice';
import { selectThemeMode, themeToggled } from '../theme/slice';
import ConnectionFooter from './ConnectionFooter';
import HandoverBell from './HandoverBell';
import NotifyMeMenu from './NotifyMeMenu';
import SandboxChip from './SandboxChip';
import UnreadBadge, { useUnreadCount } from './UnreadBadge';
import UserMenu from './UserMenu';

export const SIDEBAR_WIDTH_PX = 260;

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  {
    label: 'Messages',
    to: '/messages',
    icon: (
      <UnreadBadge>
        <ChatIcon />
      </UnreadBadge>
    ),
  },
  { label: 'Agents', to: '/agents', icon: <SmartToyIcon /> },
  { label: 'Templates', to: '/templates', icon: <TemplatesIcon /> },
  { label: 'WhatsApp', to: '/whatsapp', icon: <WhatsAppIcon /> },
  { label: 'Analytics', to: '/analytics', icon: <AnalyticsIcon /> },
  { label: 'Account Settings', to: '/account-settings', icon: <SettingsIcon /> },
  { label: 'Help & Support', to: '/help', icon: <HelpIcon /> },
];

/** A phone's header: closer buttons, so that the page's name has the room of a long word. */
const HEADER_TOOLBAR_SX = {
  gap: { xs: 0.25, sm: 1 },
  px: { xs: 1, sm: 2 },
  '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } },
} as const;

const PAGE_NAME_SX = {
  flex: 1,
  minWidth: 0,
  fontSize: { xs: '1.05rem', sm: '1.25rem' },
  lineHeight: 1.25,
  overflowWrap: 'break-word',
} as const;

export interface RouteHandle {
  title?: string;
}

/** The current page's name from the deepest route that names one, falling back to Dashboard. */
function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return 'Dashboard';
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
          Threadline
        </Typography>
      </Toolbar>
      <List component="nav" aria-label="Main" sx={{ flex: 1 }}>
        {NAV_ITEMS.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            onClick={onNavigate}
            sx={{
              mx: 1,
              borderRadius: 2,
              // NavLink marks the current page with `active` (and aria-current="page").
              // The label in the text colour: the brand teal on the selected grey stays under 4.5:1.
              '&.active': { bgcolor: 'action.selected', color: 'text.primary' },
              '&.active .MuiListItemText-primary': { fontWeight: 600 },
              '&.active .MuiListItemIcon-root': { color: 'primary.main' },
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
      <ConnectionFooter onNavigate={onNavigate} />
    </Box>
  );
}

export default function AppShell() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const title = usePageTitle();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [mobileOpen, setMobileOpen] = useState(false);
  useUnreadCount();

  useEffect(() => {
    // The signed-in pages need the user (and, after it, the connection status); fresh data is not fetched again.
    dispatch(userRefreshRequested());
  }, [dispatch]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <Drawer
        variant={isMobile ? 'temporary' : 'permanent'}
        open={isMobile ? mobileOpen : true}
        onClose={() => setMobileOpen(false)}
        sx={{ width: SIDEBAR_WIDTH_PX, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH_PX } }}
      >
        <Sidebar onNavigate={isMobile ? () => setMobileOpen(false) : undefined} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={HEADER_TOOLBAR_SX}>
            {isMobile && (
              <IconButton edge="start" aria-label="Open navigation" onClick={() => setMobileOpen(true)}>
                <MenuIcon />
              </IconButton>
            )}
            {/* The page's name takes the room left and wraps rather than be cut to a few letters. */}
            <Typography variant="h6" component="h2" data-testid="page-name" sx={PAGE_NAME_SX}>
              {title}
            </Typography>
            <SandboxChip />
            {!isMobile && (
              <Tooltip title={mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'} enterDelay={700}>
                <IconButton aria-label="Toggle dark mode" onClick={() => dispatch(themeToggled())}>
                  {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
                </IconButton>
              </Tooltip>
            )}
            <NotifyMeMenu />
            <HandoverBell />
            <UserMenu withThemeToggle={isMobile} />
          </Toolbar>
        </AppBar>
        <Box component="main" {...mainContentProps} sx={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
