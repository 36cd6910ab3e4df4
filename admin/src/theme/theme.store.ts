import { Classes } from '@blueprintjs/core';
import { create } from 'zustand';

/** Where the browser remembers the staff member's choice (admin/e2e/screenshots.ts sets it too). */
export const THEME_STORAGE_KEY = 'washdesk.theme';

export type Theme = 'light' | 'dark';

function storedTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can be refused (privacy settings); the light theme is then the only memory.
    return 'light';
  }
}

/**
 * Blueprint's dark class goes on <body>: the app root is inside it, and so are the portals that
 * dialogs, toasts and popovers render into, so every layer turns dark together.
 */
export function applyTheme(theme: Theme) {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

export const useThemeStore = create<ThemeState>((set) => ({
  theme: storedTheme(),
  setTheme(theme) {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Not remembered, but still applied for this visit.
    }
    set({ theme });
  },
}));
