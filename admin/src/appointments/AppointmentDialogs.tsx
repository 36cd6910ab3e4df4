import { useState } from 'react';
import type { Appointment } from '@washdesk/contract';
import { AppointmentDetailsDialog } from './AppointmentDetailsDialog.tsx';
import { AppointmentDialog } from './AppointmentDialog.tsx';

type Open = { kind: 'none' } | { kind: 'create' } | { kind: 'edit' | 'details'; appointment: Appointment };

/** The schedule / edit / details dialogs a screen opens, one at a time. */
export function useAppointmentDialogs() {
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const close = () => setOpen({ kind: 'none' });
  const edit = (appointment: Appointment) => setOpen({ kind: 'edit', appointment });
  const dialogs = (
    <>
      <AppointmentDialog
        isOpen={open.kind === 'create' || open.kind === 'edit'}
        appointment={open.kind === 'edit' ? open.appointment : undefined}
        onClose={close}
      />
      <AppointmentDetailsDialog
        appointment={open.kind === 'details' ? open.appointment : undefined}
        onClose={close}
        onEdit={edit}
      />
    </>
  );
  return {
    schedule: () => setOpen({ kind: 'create' }),
    edit,
    showDetails: (appointment: Appointment) => setOpen({ kind: 'details', appointment }),
    dialogs,
  };
}
