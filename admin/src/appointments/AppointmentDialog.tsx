import { Dialog } from '@blueprintjs/core';
import type { Appointment, Lead } from '@washdesk/contract';
import { AppointmentForm } from './AppointmentForm.tsx';
import type { AppointmentFormValues } from './appointment-form-values.ts';

interface AppointmentDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The appointment to edit; none schedules a new one. */
  appointment?: Appointment;
  /** What a new appointment starts from (e.g. "Book the job" from an accepted quote). */
  prefill?: Partial<AppointmentFormValues>;
  /** "Book estimate" from the requests inbox: a new visit prefilled from this lead. */
  lead?: Lead;
}

/** "Schedule Appointment" and "Edit" on both appointment screens open this one dialog. */
export function AppointmentDialog({ isOpen, onClose, appointment, prefill, lead }: AppointmentDialogProps) {
  return (
    <Dialog
      title={
        appointment
          ? `Edit appointment of ${appointment.customerName}`
          : lead
            ? `Book estimate for ${lead.name ?? lead.phone ?? 'this lead'}`
            : 'Schedule Appointment'
      }
      icon={appointment ? 'edit' : 'calendar'}
      isOpen={isOpen}
      onClose={onClose}
      // Two columns of fields need more room than Blueprint's default 500 px.
      style={{ width: 'min(44rem, calc(100vw - 2rem))' }}
    >
      {/* Mounted only while open, so every opening starts from the record (or an empty form). */}
      {isOpen && (
        <AppointmentForm appointment={appointment} prefill={prefill} lead={lead} onClose={onClose} />
      )}
    </Dialog>
  );
}
