import { create } from 'zustand';

interface SignInNotice {
  /** Why staff are looking at the sign-in screen when they did not sign out themselves. */
  message: string | null;
  show(message: string): void;
  clear(): void;
}

/**
 * UI state only: the server's own words for an ended session, shown above the sign-in form. It
 * outlives the signed-in screens it came from, which is why it is not component state.
 */
export const useSignInNotice = create<SignInNotice>()((set) => ({
  message: null,
  show: (message) => set({ message }),
  clear: () => set({ message: null }),
}));
