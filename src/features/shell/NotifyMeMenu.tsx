import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  desktopNotificationsRequested,
  desktopNotificationsTurnedOff,
  NOTIFICATION_TEXTS,
  notificationSoundToggled,
  selectNotifications,
} from './notificationsSlice';
import { PUSH_DEVICE_TEXTS, pushDeviceRequested, pushDeviceTurnedOff, selectPushDevice } from './pushDeviceSlice';
import type { PushDeviceStatus } from './pushDeviceSlice';

/** The 'Notify this device when Threadline is closed' item in each state: its text, and what a click says. */
const PUSH_ITEMS: Record<PushDeviceStatus, { text: string; action?: () => { type: string } }> = {
  checking: { text: PUSH_DEVICE_TEXTS.off },
  unsupported: { text: PUSH_DEVICE_TEXTS.unsupported },
  'home-screen': { text: PUSH_DEVICE_TEXTS.homeScreen },
  blocked: { text: PUSH_DEVICE_TEXTS.blocked },
  off: { text: PUSH_DEVICE_TEXTS.off, action: pushDeviceRequested },
  subscribing: { text: PUSH_DEVICE_TEXTS.subscribing },
  on: { text: PUSH_DEVICE_TEXTS.on, action: pushDeviceTurnedOff },
  unsubscribing: { text: PUSH_DEVICE_TEXTS.unsubscribing },
  failed: { text: PUSH_DEVICE_TEXTS.failed, action: pushDeviceRequested },
};

/**
 * The header's 'Notify me' control: a sound and desktop notifications for new conversations,
 * messages that need the owner and hand-overs, each off until the owner turns it on in this browser;
 * and this device notified of hand-overs and new customers while Threadline is closed (Web Push).
 */
export default function NotifyMeMenu() {
  const dispatch = useAppDispatch();
  const { sound, desktop, permission } = useAppSelector(selectNotifications);
  const pushItem = PUSH_ITEMS[useAppSelector(selectPushDevice).status];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: Parameters<typeof dispatch>[0]) => () => {
    dispatch(action);
    close();
  };
  const desktopItem =
    permission === 'unsupported' ? (
      <MenuItem disabled>{NOTIFICATION_TEXTS.desktopUnsupported}</MenuItem>
    ) : permission === 'denied' ? (
      <MenuItem disabled>{NOTIFICATION_TEXTS.desktopBlocked}</MenuItem>
    ) : desktop ? (
      <MenuItem onClick={choose(desktopNotificationsTurnedOff())}>{NOTIFICATION_TEXTS.desktopOn}</MenuItem>
    ) : (
      <MenuItem onClick={choose(desktopNotificationsRequested())}>{NOTIFICATION_TEXTS.desktopOff}</MenuItem>
    );
  return (
    <>
      <Tooltip title={NOTIFICATION_TEXTS.title} enterDelay={700}>
        <IconButton
          aria-label={NOTIFICATION_TEXTS.title}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {sound || desktop ? <NotificationsActiveIcon /> : <NotificationsOffIcon />}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': NOTIFICATION_TEXTS.title, dense: true } }}
      >
        <MenuItem onClick={choose(notificationSoundToggled())}>
          {sound ? NOTIFICATION_TEXTS.soundOn : NOTIFICATION_TEXTS.soundOff}
        </MenuItem>
        {desktopItem}
        <MenuItem
          disabled={!pushItem.action}
          onClick={pushItem.action && choose(pushItem.action())}
          sx={{ whiteSpace: 'normal', maxWidth: 320 }}
        >
          {pushItem.text}
        </MenuItem>
      </Menu>
    </>
  );
}
