import {
  APPOINTMENT_SERVICE_LABELS_ES,
  appointmentServiceLabel,
  visitCalled,
  visitCalledIn,
  visitServiceLine,
  visitServiceLineEs,
  type Appointment,
  type AppointmentServiceType,
  type Language,
} from '@washdesk/contract';
import type { JobRepository } from '../jobs/job.repository.ts';

/**
 * What a customer reads a visit as, for every message and page of the follow-through: the
 * contract's wording (`visitCalled`) fed with the job's title as sold, read from the jobs' owner.
 */
export function visitWords(jobs: Pick<JobRepository, 'get'>) {
  const facts = (v: Pick<Appointment, 'kind' | 'jobId' | 'serviceType'>) => ({
    kind: v.kind,
    jobTitle: v.jobId === null ? null : (jobs.get(v.jobId)?.title ?? null),
    serviceLabel: appointmentServiceLabel(v.serviceType),
    serviceLabelEs: APPOINTMENT_SERVICE_LABELS_ES[v.serviceType as AppointmentServiceType],
  });
  return {
    /** "free estimate", or the job's title ("house wash"): fills "your {service}". */
    of: (v: Pick<Appointment, 'kind' | 'jobId' | 'serviceType'>) => visitCalled(facts(v)),
    /** The same in the customer's language ("estimado gratis"). */
    ofIn: (language: Language, v: Pick<Appointment, 'kind' | 'jobId' | 'serviceType'>) =>
      visitCalledIn(language, facts(v)),
    /** The visit page's "Service" line. */
    serviceLine: (v: Pick<Appointment, 'kind' | 'jobId' | 'serviceType'>) => visitServiceLine(facts(v)),
    /** The same line in Spanish. */
    serviceLineEs: (v: Pick<Appointment, 'kind' | 'jobId' | 'serviceType'>) => visitServiceLineEs(facts(v)),
  };
}
export type VisitWords = ReturnType<typeof visitWords>;
