import { APPOINTMENT_SERVICE_OPTIONS, type Job } from '@washdesk/contract';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import { localDate, startOfLocalDay, type Clock } from '../time.ts';
import { occurrencesBetween } from './plan-rule.ts';
import type { PlanReminders } from './plan-reminders.ts';
import type { ServicePlanRepository, StoredPlan } from './service-plan.repository.ts';

// The season: each active plan's due months from the start of this month to SEASON_AHEAD_DAYS
// ahead become unscheduled jobs (the board's tray), each with its re-service reminder. Running it
// again — the next pass, a second server start, a run after a crash half way — makes nothing
// twice: a job is looked up by (plan, due month) before it is made, the unique index of migration
// 0043 refuses a second one whatever happens between, and the reminder's outbox key is the job's.

/** How far ahead a plan's jobs are made: a season, so the office sees them coming on the board. */
export const SEASON_AHEAD_DAYS = 120;
const DAY_MS = 86_400_000;

const isUniqueClash = (error: unknown) => (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';

export function planSeason(deps: {
  plans: Pick<ServicePlanRepository, 'get' | 'activeIds'>;
  jobs: Pick<JobRepository, 'create' | 'ofPlanMonth'>;
  customers: Pick<CustomerRepository, 'get'>;
  reminders: Pick<PlanReminders, 'remind'>;
  timeZone: string;
  clock: Clock;
  report: (error: unknown, planId: number) => void;
}) {
  const { jobs, timeZone } = deps;

  function jobFor(plan: StoredPlan, dueMonth: string): Job | undefined {
    const made = jobs.ofPlanMonth(plan.id, dueMonth);
    if (made) return made;
    const customer = deps.customers.get(plan.customerId);
    // A merged record's plan is moved by staff; a customer without an address cannot be visited.
    if (!customer || 'mergedInto' in customer || !customer.address) return undefined;
    try {
      return jobs.create({
        customerId: customer.id,
        customerName: customer.name ?? 'Customer',
        customerPhone: customer.phone ?? '',
        customerEmail: customer.email,
        address: customer.address,
        title: plan.title,
        durationMinutes: plan.durationMinutes,
        planId: plan.id,
        dueMonth,
        lineItems: plan.services.map((s) => ({
          service: APPOINTMENT_SERVICE_OPTIONS.find((o) => o.value === s.service)?.label ?? s.service,
          areaSqFt: null,
          unitPriceCents: null,
          amountCents: s.amountCents,
        })),
      });
    } catch (error) {
      // Another run made it between the look-up and the insert: that one is the job.
      if (isUniqueClash(error)) return jobs.ofPlanMonth(plan.id, dueMonth);
      throw error;
    }
  }

  /** Makes one plan's jobs of the season (and queues their reminders); returns the jobs it covers. */
  function runFor(planId: number): Job[] {
    const plan = deps.plans.get(planId);
    if (!plan || plan.status !== 'active') return [];
    const now = deps.clock();
    const monthStart = Date.parse(
      startOfLocalDay(`${localDate(new Date(now), timeZone).slice(0, 7)}-01`, timeZone),
    );
    const covered: Job[] = [];
    for (const due of occurrencesBetween(plan.rule, monthStart, now + SEASON_AHEAD_DAYS * DAY_MS)) {
      const job = jobFor(plan, due.local.slice(0, 7));
      if (!job) continue;
      covered.push(job);
      if (job.status === 'unscheduled') deps.reminders.remind(job, due.instant);
    }
    return covered;
  }

  return {
    runFor,
    /** Every active plan; one plan's fault is reported and the others still run. */
    run() {
      for (const id of deps.plans.activeIds()) {
        try {
          runFor(id);
        } catch (error) {
          deps.report(error, id);
        }
      }
    },
  };
}
export type PlanSeason = ReturnType<typeof planSeason>;
