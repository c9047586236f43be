import { createSelector } from '@reduxjs/toolkit';
import { selectCurrentUser } from './slice';

/** SPEC.md §2 (Dashboard): the greeting uses display_name, else first_name, else 'User'; null until the user loads. */
export const selectGreetingName = createSelector([selectCurrentUser], (user) =>
  user ? user.display_name?.trim() || user.first_name.trim() || 'User' : null,
);

/** An account younger than this is greeted as new ('Welcome'), not as a returning one ('Welcome back'). */
export const NEW_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** Whether the account was created within NEW_ACCOUNT_WINDOW_MS of `now` (ms since epoch). */
export const isNewAccount = (createdAt: string, now: number) => now - Date.parse(createdAt) < NEW_ACCOUNT_WINDOW_MS;

/** SPEC.md §2 (App shell): the user menu shows the display name, else the full name, else the username. */
export const selectUserMenuName = createSelector([selectCurrentUser], (user) => {
  if (!user) return '';
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return user.display_name?.trim() || fullName || user.username;
});
