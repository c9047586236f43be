import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * 'Notify this device when Threadline is closed' (Web Push), as a state machine:
 * checking → unsupported | home-screen | blocked | off | on; off → subscribing → on | off | blocked | failed;
 * on → unsubscribing → off | failed; failed → subscribing (try again).
 */
export type PushDeviceStatus =
  'checking' | 'unsupported' | 'home-screen' | 'blocked' | 'off' | 'subscribing' | 'on' | 'unsubscribing' | 'failed';

export interface PushDeviceState {
  status: PushDeviceStatus;
}

export const initialPushDeviceState: PushDeviceState = { status: 'checking' };

export const PUSH_DEVICE_TEXTS = {
  off: 'Notify this device when Threadline is closed',
  on: 'Notify this device when Threadline is closed: on',
  subscribing: 'Turning on notifications for this device…',
  unsubscribing: 'Turning off notifications for this device…',
  failed: 'Notifications for this device could not be turned on. Try again',
  blocked: 'Notifications are blocked by this browser',
  unsupported: 'This browser cannot notify you when Threadline is closed',
  homeScreen: 'To be notified when Threadline is closed, add it to your home screen first',
  /** The toast when turning it on or off failed. */
  failedToast: 'Notifications for this device could not be changed',
} as const;

/** What checking this browser found. */
export type PushDeviceFound = Extract<PushDeviceStatus, 'unsupported' | 'home-screen' | 'blocked' | 'off' | 'on'>;

const pushDeviceSlice = createSlice({
  name: 'pushDevice',
  initialState: initialPushDeviceState,
  reducers: {
    pushDeviceChecked(state, action: PayloadAction<PushDeviceFound>) {
      if (state.status === 'checking') state.status = action.payload;
    },
    /** The member turned it on (or tried again after a failure). */
    pushDeviceRequested(state) {
      if (state.status === 'off' || state.status === 'failed') state.status = 'subscribing';
    },
    pushDeviceSubscribed(state) {
      if (state.status === 'subscribing') state.status = 'on';
    },
    /** The browser's permission was refused ('denied': blocked) or dismissed ('default': still off). */
    pushPermissionRefused(state, action: PayloadAction<'denied' | 'default'>) {
      if (state.status === 'subscribing') state.status = action.payload === 'denied' ? 'blocked' : 'off';
    },
    pushDeviceTurnedOff(state) {
      if (state.status === 'on') state.status = 'unsubscribing';
    },
    pushDeviceUnsubscribed(state) {
      if (state.status === 'unsubscribing') state.status = 'off';
    },
    pushDeviceFailed(state) {
      if (state.status === 'subscribing' || state.status === 'unsubscribing') state.status = 'failed';
    },
  },
});

export const {
  pushDeviceChecked,
  pushDeviceRequested,
  pushDeviceSubscribed,
  pushPermissionRefused,
  pushDeviceTurnedOff,
  pushDeviceUnsubscribed,
  pushDeviceFailed,
} = pushDeviceSlice.actions;

export const selectPushDevice = (state: { pushDevice: PushDeviceState }) => state.pushDevice;

export default pushDeviceSlice;
