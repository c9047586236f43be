import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { selectUserMenuName } from '../auth/selectors';
import { logoutRequested, selectCurrentUser } from '../auth/slice';
import { selectThemeMode, themeToggled } from '../theme/slice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * The dark/light toggle as a menu item. A function, not a component: the menu's keyboard focus looks
 * for its items among its own children.
 */
function themeItem(mode: 'light' | 'dark', onToggle: () => void) {
  return (
    <MenuItem onClick={onToggle}>
      <ListItemIcon>
        {mode === 'dark' ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </ListItemIcon>
      {mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
    </MenuItem>
  );
}

/** The menu's head: who is signed in, and whether their email is verified. */
function SignedInAs({ name, email, verified }: { name: string; email: string; verified: boolean }) {
  return (
    <Box component="li" role="presentation" sx={{ px: 2, py: 1, maxWidth: 280 }}>
      <Typography variant="subtitle2" noWrap>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        {email}
      </Typography>
      {!verified && <Chip label="Email not verified" color="warning" size="small" variant="outlined" sx={{ mt: 1 }} />}
    </Box>
  );
}

export interface UserMenuProps {
  /** The header has no room for the dark/light toggle (a phone): the menu offers it instead. */
  withThemeToggle?: boolean;
}

/** The avatar in the header and its menu: who is signed in, their settings, and the way out. */
export default function UserMenu({ withThemeToggle = false }: UserMenuProps) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const user = useAppSelector(selectCurrentUser);
  const name = useAppSelector(selectUserMenuName);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Open user menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 16 }}>
          {name.charAt(0).toUpperCase() || undefined}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user && <SignedInAs name={name} email={user.email} verified={user.is_verified} />}
        {user && <Divider component="li" role="presentation" />}
        <MenuItem component={Link} to="/account-settings" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          Profile Settings
        </MenuItem>
        {withThemeToggle &&
          themeItem(mode, () => {
            close();
            dispatch(themeToggled());
          })}
        <MenuItem
          onClick={() => {
            close();
            dispatch(logoutRequested());
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
