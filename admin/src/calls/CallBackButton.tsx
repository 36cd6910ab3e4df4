import type { MouseEvent } from 'react';
import { AnchorButton, Size } from '@blueprintjs/core';
import { dialablePhone, type Call } from '@washdesk/contract';
import { usePlatform } from '../platform/platform.tsx';
import { callerName } from './call-format.ts';

/**
 * "Call back": a real tel: link (copyable, readable by assistive tech) that opens through the
 * platform, so the desktop app hands it to the system's phone app instead of navigating its window.
 */
export function CallBackButton({ call, small }: { call: Call; small?: boolean }) {
  const platform = usePlatform();
  const href = `tel:${dialablePhone(call.phoneNumber)}`;
  const open = (event: MouseEvent) => {
    event.preventDefault();
    platform.openExternal(href);
  };
  return (
    <AnchorButton
      // Blueprint marks anchor buttons as buttons; this one leaves for the phone app: a link.
      role="link"
      icon="phone"
      text="Call back"
      href={href}
      onClick={open}
      size={small ? Size.SMALL : undefined}
      aria-label={`Call back ${callerName(call)} at ${call.phoneNumber}`}
    />
  );
}
