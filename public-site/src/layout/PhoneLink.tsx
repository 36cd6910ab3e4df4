/** A phone number a visitor on a mobile can tap to call. */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  const dialable = phone.replace(/[^\d+]/g, '');
  return (
    <a className={className} href={`tel:${dialable}`}>
      {phone}
    </a>
  );
}
