import type { Call } from '@washdesk/contract';
import type { HandoffRoute } from '../assistant/tools/hand-off.ts';
import type { Config } from '../config.ts';
import type { Clock } from '../time.ts';
import { officeStatus, whenOfficeOpens, type BusinessHoursStore } from './business-hours.ts';
import { isDialable } from './text-photo-link.ts';

/**
 * How a person can be reached on this call right now: put through (office open, forward number
 * set), a call back (told when the office opens, when closed), or only the office's number (the
 * caller's is hidden). Both voice modes ask here before the turn, so the assistant's reply (what
 * the log keeps) says what the line then does.
 */
export function handoffRouteOf(deps: { config: Config; hours: BusinessHoursStore; clock?: Clock }) {
  const clock = deps.clock ?? Date.now;
  return (call: Pick<Call, 'phoneNumber'>): HandoffRoute => {
    const now = clock();
    const { config } = deps;
    const office = officeStatus(deps.hours.get(), now, config.timeZone);
    if (config.providers.twilio.staffForwardNumber && office.open) return { kind: 'put-through' };
    if (!isDialable(call.phoneNumber)) return { kind: 'call-the-office', officePhone: config.business.phone };
    return office.open
      ? { kind: 'call-back', canLeaveMessage: true }
      : {
          kind: 'call-back',
          canLeaveMessage: true,
          closedUntil: whenOfficeOpens(office, now, config.timeZone),
        };
  };
}
export type HandoffRouteOf = ReturnType<typeof handoffRouteOf>;
