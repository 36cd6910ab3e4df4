import { Button, Callout, Intent } from '@blueprintjs/core';

/** The server's "slot already booked" warning; "Book anyway" sends the same booking with the overlap confirmed. */
export function SlotTakenCallout({
  message,
  sending,
  onBookAnyway,
}: {
  message: string;
  sending: boolean;
  onBookAnyway: () => void;
}) {
  return (
    <Callout intent={Intent.WARNING} title="This time slot is already booked" role="alert">
      <p>{message}</p>
      <p>Book this appointment at the same time anyway, or choose another date or time.</p>
      <Button intent={Intent.WARNING} text="Book anyway" loading={sending} onClick={onBookAnyway} />
    </Callout>
  );
}
