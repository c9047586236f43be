import { createSelector } from '@reduxjs/toolkit';
import { selectCurrentUser } from './slice';

/** SPEC.md §2 (Dashboard): the greeting uses display_name, else first_name, else 'User'; null until the user loads. */
export const selectGreetingName = createSelector([selectCurrentUser], (user) =>
  user ? user.display_name?.trim() || user.first_name.trim() || 'User' : null,
);

/** SPEC.md §2 (App shell): the user menu shows the display name, else the full name, else the username. */
export const selectUserMenuName = createSelector([selectCurrentUser], (user) => {
  if (!user) return '';
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return user.display_name?.trim() || fullName || user.username;
});
