import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The browser's permission for desktop notifications, or 'unsupported' where there are none. */
export type DesktopPermission = NotificationPermission | 'unsupported';

/** How the owner wants to be told (remembered per browser), and what the browser allows. */
export interface NotificationsState {
  sound: boolean;
  /** The owner turned desktop notifications on (they show only while the browser grants them). */
  desktop: boolean;
  permission: DesktopPermission;
}

export const initialNotificationsState: NotificationsState = { sound: false, desktop: false, permission: 'default' };

export const NOTIFICATION_TEXTS = {
  title: 'Notify me',
  soundOn: 'Sound: on',
  soundOff: 'Sound: off',
  desktopOff: 'Turn on desktop notifications',
  desktopOn: 'Desktop notifications: on',
  desktopBlocked: 'Desktop notifications are blocked by this browser',
  desktopUnsupported: 'This browser has no desktop notifications',
} as const;

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** The owner's choices as this browser remembers them, and the browser's permission. */
    notificationPreferencesLoaded(_state, action: PayloadAction<NotificationsState>) {
      return action.payload;
    },
    notificationSoundToggled(state) {
      state.sound = !state.sound;
    },
    /** 'Turn on desktop notifications': the browser asks the owner, once. */
    desktopNotificationsRequested() {},
    desktopPermissionAnswered(state, action: PayloadAction<DesktopPermission>) {
      state.permission = action.payload;
      state.desktop = action.payload === 'granted';
    },
    desktopNotificationsTurnedOff(state) {
      state.desktop = false;
    },
  },
});

export const {
  notificationPreferencesLoaded,
  notificationSoundToggled,
  desktopNotificationsRequested,
  desktopPermissionAnswered,
  desktopNotificationsTurnedOff,
} = notificationsSlice.actions;

export const selectNotifications = (state: { notifications: NotificationsState }) => state.notifications;

export default notificationsSlice;
