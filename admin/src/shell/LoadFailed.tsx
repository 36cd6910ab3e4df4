import { Callout, Intent } from '@blueprintjs/core';

interface LoadFailedProps {
  /** What could not be loaded, e.g. "The telephony settings could not be loaded". */
  title: string;
  className?: string;
}

/** A read that failed, and the one thing staff at the desk can do about it. */
export function LoadFailed({ title, className }: LoadFailedProps) {
  return (
    <Callout intent={Intent.DANGER} title={title} className={className}>
      Check that the Washdesk server is running, then reload the page.
    </Callout>
  );
}
