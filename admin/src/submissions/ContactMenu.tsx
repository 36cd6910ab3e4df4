import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { PhotoSubmission } from '@washdesk/contract';
import type { MouseEvent } from 'react';
import { usePlatform } from '../platform/platform.tsx';

/** Digits and a leading + only: what tel: and sms: links accept. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/** "Contact": call, text or e-mail the customer in the phone or mail app. */
export function ContactMenu({ submission }: { submission: PhotoSubmission }) {
  const platform = usePlatform();
  const links = [
    submission.phone && {
      icon: 'phone' as const,
      text: `Call ${submission.phone}`,
      href: `tel:${dialable(submission.phone)}`,
    },
    submission.phone && {
      icon: 'chat' as const,
      text: `Text ${submission.phone}`,
      href: `sms:${dialable(submission.phone)}`,
    },
    submission.email && {
      icon: 'envelope' as const,
      text: `E-mail ${submission.email}`,
      href: `mailto:${submission.email}`,
    },
  ].filter((l) => !!l);
  // The link stays a real href (copyable, readable by assistive tech); opening goes through the
  // platform so the desktop app hands it to the system instead of navigating its window.
  const open = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    platform.openExternal(href);
  };
  return (
    <Popover
      placement="bottom-start"
      disabled={links.length === 0}
      content={
        <Menu aria-label={`Contact ${submission.customerName ?? 'customer'}`}>
          {links.map((l) => (
            <MenuItem key={l.href} icon={l.icon} text={l.text} href={l.href} onClick={open(l.href)} />
          ))}
        </Menu>
      }
    >
      <Button icon="phone" text="Contact" disabled={links.length === 0} endIcon="caret-down" />
    </Popover>
  );
}
