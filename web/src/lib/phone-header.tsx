import { createContext, type ReactNode, useContext, useLayoutEffect } from 'react';

/**
 * The phone's one header (issue 45 item D12): a screen with a header of its own (the channel
 * view) takes the place of the app's top bar instead of stacking under it, and shows the
 * bar's menu button and bell in its own row. The layout provides the slots; the bar hides
 * while a screen holds the claim. A kept, hidden channel view's effects are stopped (React's
 * <Activity>), so only the view on screen holds it.
 */
export interface PhoneHeaderSlots {
  /** The slide-in menu's button (« Ouvrir le menu »). */
  menuButton: ReactNode;
  /** The notifications bell. */
  bell: ReactNode;
}

export interface PhoneHeaderValue extends PhoneHeaderSlots {
  /** Hides the app's top bar until the returned function is called. */
  claim: () => () => void;
}

const PhoneHeaderContext = createContext<PhoneHeaderValue | null>(null);

export const PhoneHeaderProvider = PhoneHeaderContext.Provider;

/**
 * While mounted and `enabled`, takes the top bar's place; the slots to show (null outside the
 * app's layout).
 */
export function usePhoneHeader(enabled = true): PhoneHeaderSlots | null {
  const value = useContext(PhoneHeaderContext);
  const claim = enabled ? value?.claim : undefined;
  // Before paint: the bar and this header never show together.
  useLayoutEffect(() => claim?.(), [claim]);
  return value;
}
