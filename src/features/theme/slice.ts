import type { PaletteMode } from '@mui/material/styles';
import { createSlice } from '@reduxjs/toolkit';

export interface ThemeState {
  mode: PaletteMode;
}

const initialState: ThemeState = { mode: 'light' };

const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    themeToggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { themeToggled } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
export default themeSlice;
