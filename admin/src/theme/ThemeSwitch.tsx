import { Switch } from '@blueprintjs/core';
import { useThemeStore } from './theme.store.ts';

/** The dark theme, remembered per browser. */
export function ThemeSwitch() {
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  return (
    <Switch
      className="theme-switch"
      label="Dark theme"
      checked={theme === 'dark'}
      onChange={(e) => setTheme(e.currentTarget.checked ? 'dark' : 'light')}
    />
  );
}
