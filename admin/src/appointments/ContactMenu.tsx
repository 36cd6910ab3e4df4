import type { MouseEvent } from 'react';
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import type { Appointment } from '@washdesk/contract';
import { usePlatform } from '../platform/platform.tsx';

// A phone number as a dialler wants it: digits and a leading +.
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/** Call, text or e-mail the customer; an item without the detail it needs is shown disabled. */
export function ContactMenu({ appointment }: { appointment: Appointment }) {
  const platform = usePlatform();
  const phone = dialable(appointment.customerPhone);
  const email = appointment.customerEmail;
  // The links carry real hrefs; the platform opens them (the desktop app allows only tel/sms/mailto).
  const open = (url: string) => (event: MouseEvent) => {
    event.preventDefault();
    platform.openExternal(url);
  };
  const link = (url: string | null) => (url ? { href: url, onClick: open(url) } : { disabled: true });
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu aria-label={`Contact ${appointment.customerName}`}>
          <MenuItem
            icon="phone"
            text={phone ? `Call ${appointment.customerPhone}` : 'Call'}
            {...link(phone ? `tel:${phone}` : null)}
          />
          <MenuItem
            icon="chat"
            text={phone ? `Text ${appointment.customerPhone}` : 'Text'}
            {...link(phone ? `sms:${phone}` : null)}
          />
          <MenuItem
            icon="envelope"
            text={email ? `E-mail ${email}` : 'E-mail (no address on file)'}
            {...link(email ? `mailto:${email}` : null)}
          />
        </Menu>
      }
    >
      <Button icon="phone" text="Contact" endIcon="caret-down" size="small" />
    </Popover>
  );
}
