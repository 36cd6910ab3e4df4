import { useLiveEvents } from './LiveEvents.tsx';

/** A polling interval that applies only while the event stream is down; live events refresh otherwise. */
export function usePollWhileDown(ms: number): number | false {
  return useLiveEvents().state === 'live' ? false : ms;
}
