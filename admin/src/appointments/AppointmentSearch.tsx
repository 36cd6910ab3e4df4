import { InputGroup } from '@blueprintjs/core';

interface AppointmentSearchProps {
  value: string;
  onChange: (value: string) => void;
}

/** Finds appointments by the customer's name, phone or address; the server searches every row. */
export function AppointmentSearch({ value, onChange }: AppointmentSearchProps) {
  return (
    <InputGroup
      className="appointments-search"
      type="search"
      leftIcon="search"
      aria-label="Search appointments"
      placeholder="Search by name, phone or address"
      value={value}
      onValueChange={onChange}
    />
  );
}
