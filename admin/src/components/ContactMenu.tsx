import type { MouseEvent } from 'react';
import { Button, Menu, MenuItem, Popover, type PopoverProps } from '@blueprintjs/core';
import { usePlatform } from '../platform/platform.tsx';
import { contactLinks, type ContactLink } from './contact-links.ts';

const ICONS = { call: 'phone', text: 'chat', email: 'envelope' } as const;

interface ContactMenuProps {
  /** Who is contacted, for the menu's accessible name. */
  name: string | null;
  phone: string | null;
  email: string | null;
  /** A compact button, for rows in a list. */
  small?: boolean;
  placement?: PopoverProps['placement'];
}

/** "Contact": call, text or e-mail the customer in the phone or mail app. */
export function ContactMenu({ name, phone, email, small, placement = 'bottom-end' }: ContactMenuProps) {
  const platform = usePlatform();
  // The link stays a real href (copyable, readable by assistive tech); opening goes through the
  // platform so the desktop app hands it to the system instead of navigating its window.
  const open = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    platform.openExternal(href);
  };
  const item = (link: ContactLink) =>
    link.href ? (
      <MenuItem
        key={link.kind}
        icon={ICONS[link.kind]}
        text={link.text}
        href={link.href}
        onClick={open(link.href)}
      />
    ) : (
      <MenuItem key={link.kind} icon={ICONS[link.kind]} text={link.text} disabled />
    );
  return (
    <Popover
      placement={placement}
      content={
        <Menu aria-label={`Contact ${name ?? 'customer'}`}>{contactLinks({ phone, email }).map(item)}</Menu>
      }
    >
      <Button icon="phone" text="Contact" endIcon="caret-down" size={small ? 'small' : undefined} />
    </Popover>
  );
}
