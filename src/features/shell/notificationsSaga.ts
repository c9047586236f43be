import { channel, type Channel } from 'redux-saga';
import { call, fork, put, select, take, takeEvery, takeLeading } from 'typed-redux-saga';
import { navigateTo } from '../../store/navigation';
import { safely } from '../../store/safely';
import { ownerNoticeRaised } from '../live/inboxEvents';
import { noticeMessage } from './notices';
import {
  desktopNotificationsRequested,
  desktopNotificationsTurnedOff,
  desktopPermissionAnswered,
  notificationPreferencesLoaded,
  notificationSoundToggled,
  selectNotifications,
  type DesktopPermission,
} from './notificationsSlice';

/** Where this browser remembers the owner's choices. */
export const NOTIFICATION_PREFERENCES_KEY = 'threadline.notifications';

interface Preferences {
  sound: boolean;
  desktop: boolean;
}

export function readPreferences(): Preferences {
  try {
    const saved = JSON.parse(localStorage.getItem(NOTIFICATION_PREFERENCES_KEY) ?? '{}') as Partial<Preferences>;
    return { sound: saved.sound === true, desktop: saved.desktop === true };
  } catch {
    return { sound: false, desktop: false };
  }
}

export function writePreferences(preferences: Preferences) {
  localStorage.setItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify(preferences));
}

export function desktopPermission(): DesktopPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export async function askDesktopPermission(): Promise<DesktopPermission> {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.requestPermission();
}

/** A short two-note chime, made on the spot (no sound file to load). */
export function chime() {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  [880, 1320].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const start = audio.currentTime + index * 0.12;
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.08, start);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.25);
  });
  setTimeout(() => void audio.close(), 1_000);
}

/** A desktop notification; clicking it brings the window forward and hands the conversation to `clicks`. */
export function showDesktopNotification(title: string, body: string, conversationId: string, clicks: Channel<string>) {
  const notification = new Notification(title, { body, tag: conversationId });
  notification.onclick = () => {
    window.focus();
    clicks.put(conversationId);
    notification.close();
  };
}

/** Tells the owner of a notice (./noticesSaga.ts) the ways they chose: who in the title, what in the body. */
export function* notifyOwner(clicks: Channel<string>, { payload: notice }: ReturnType<typeof ownerNoticeRaised>) {
  const preferences = yield* select(selectNotifications);
  const desktop = preferences.desktop && preferences.permission === 'granted';
  if (preferences.sound) yield* call(chime);
  if (desktop) {
    const { title, body } = noticeMessage(notice);
    yield* call(showDesktopNotification, title, body, notice.conversationId, clicks);
  }
}

export function* openClickedConversations(clicks: Channel<string>) {
  while (true) {
    const conversationId = yield* take(clicks);
    yield* call(navigateTo, `/messages?c=${encodeURIComponent(conversationId)}`);
  }
}

export function* loadPreferences() {
  const saved = yield* call(readPreferences);
  const permission = yield* call(desktopPermission);
  yield* put(
    notificationPreferencesLoaded({ ...saved, desktop: saved.desktop && permission === 'granted', permission }),
  );
}

export function* savePreferences() {
  const { sound, desktop } = yield* select(selectNotifications);
  yield* call(writePreferences, { sound, desktop });
}

/** 'Turn on desktop notifications': the browser asks once and remembers; so do we. */
export function* requestDesktopNotifications() {
  const permission = yield* call(askDesktopPermission);
  yield* put(desktopPermissionAnswered(permission));
}

/** Notifications: the owner's choices, the browser's permission, and each notice raised. */
export function* watchNotifications() {
  const clicks = yield* call(channel<string>);
  yield* call(loadPreferences);
  yield* fork(openClickedConversations, clicks);
  yield* takeLeading(desktopNotificationsRequested, safely(requestDesktopNotifications));
  yield* takeEvery(
    [notificationSoundToggled, desktopPermissionAnswered, desktopNotificationsTurnedOff],
    safely(savePreferences),
  );
  yield* takeEvery(ownerNoticeRaised, safely(notifyOwner), clicks);
}
