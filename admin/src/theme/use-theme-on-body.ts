import { useLayoutEffect } from 'react';
import { applyTheme, useThemeStore } from './theme.store.ts';
import './theme.css';

/** Applies the chosen theme before the browser paints, so a dark choice never flashes light. */
export function useThemeOnBody() {
  const theme = useThemeStore((s) => s.theme);
  useLayoutEffect(() => {
    applyTheme(theme);
    return () => applyTheme('light');
  }, [theme]);
}
