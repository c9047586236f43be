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
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/** The avatar in the header and its menu: who is signed in, their settings, and the way out. */
export default function UserMenu() {
  const dispatch = useAppDispatch();
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
        {user && (
          <Box component="li" role="presentation" sx={{ px: 2, py: 1, maxWidth: 280 }}>
            <Typography variant="subtitle2" noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
            {!user.is_verified && (
              <Chip label="Email not verified" color="warning" size="small" variant="outlined" sx={{ mt: 1 }} />
            )}
          </Box>
        )}
        {user && <Divider component="li" role="presentation" />}
        <MenuItem component={Link} to="/account-settings" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          Profile Settings
        </MenuItem>
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
