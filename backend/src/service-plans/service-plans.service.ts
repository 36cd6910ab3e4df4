import {
  ERROR_CODES,
  PLAN_MESSAGES,
  planTitle,
  type ServicePlan,
  type servicePlanInputSchema,
} from '@washdesk/contract';
import type { z } from 'zod';
import type { CustomerRepository } from '../customers/customer.repository.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { JobRepository } from '../jobs/job.repository.ts';
import { localDate, type Clock } from '../time.ts';
import { nextOccurrences, planRule } from './plan-rule.ts';
import type { PlanReminders } from './plan-reminders.ts';
import type { PlanSeason } from './plan-season.ts';
import type { ServicePlanRepository, StoredPlan } from './service-plan.repository.ts';

// Staff's side of a plan (the "Service plan" card on a customer's record): make, change, stop.
// A plan always belongs to the customer in the route: another customer's plan id is 404, the
// same as one that does not exist. A change applies to the jobs not yet made; a job already made
// for a month the plan no longer has, still waiting for a visit, is cancelled with it.

type PlanInput = z.output<typeof servicePlanInputSchema>;
/** How many coming due dates the card shows. */
const NEXT_DUE_SHOWN = 3;

export function servicePlansService(deps: {
  plans: ServicePlanRepository;
  customers: Pick<CustomerRepository, 'get'>;
  jobs: Pick<JobRepository, 'ofPlan' | 'setStatus'>;
  season: Pick<PlanSeason, 'runFor'>;
  reminders: Pick<PlanReminders, 'cancel'>;
  timeZone: string;
  clock: Clock;
}) {
  const { plans, timeZone } = deps;
  const withNextDue = (plan: StoredPlan): ServicePlan => ({
    ...plan,
    nextDue:
      plan.status === 'active'
        ? nextOccurrences(plan.rule, deps.clock(), NEXT_DUE_SHOWN).map((o) => o.local.slice(0, 10))
        : [],
  });
  const customerOf = (customerId: number) => {
    const customer = deps.customers.get(customerId);
    if (!customer || 'mergedInto' in customer) throw notFound('Customer');
    return customer;
  };
  const planOf = (customerId: number, planId: number) => {
    customerOf(customerId);
    const plan = plans.get(planId);
    if (!plan || plan.customerId !== customerId) throw notFound('Service plan');
    return plan;
  };
  const fieldsOf = (input: PlanInput) => {
    const today = localDate(new Date(deps.clock()), timeZone);
    const [year, month] = today.split('-').map(Number) as [number, number];
    // By default the next time the month comes round (this month counts: it is due now).
    const startYear = input.startYear ?? (input.month >= month ? year : year + 1);
    return {
      everyYears: input.everyYears,
      month: input.month,
      startYear,
      rule: planRule({ everyYears: input.everyYears, month: input.month, startYear, timeZone }),
      timeZone,
      title: planTitle(input.services),
      durationMinutes: input.durationMinutes,
      services: input.services,
    };
  };
  /** The plan's waiting jobs whose month the plan no longer has (or all of them, when it stops). */
  const cancelWaiting = (plan: StoredPlan, keep: (dueMonth: string) => boolean, reason: string) => {
    for (const job of deps.jobs.ofPlan(plan.id))
      if (job.status === 'unscheduled' && job.dueMonth && !keep(job.dueMonth)) {
        deps.jobs.setStatus(job.id, 'cancelled');
        deps.reminders.cancel(job.id, reason);
      }
  };

  return {
    list: (customerId: number) => {
      customerOf(customerId);
      return plans.ofCustomer(customerId).map(withNextDue);
    },
    create(customerId: number, input: PlanInput) {
      const customer = customerOf(customerId);
      // Not a field of the plan's form: the whole answer says what to do first.
      if (!customer.address) throw new HttpError(422, ERROR_CODES.validation, PLAN_MESSAGES.noAddress);
      const plan = plans.create(customerId, fieldsOf(input));
      deps.season.runFor(plan.id);
      return withNextDue(plan);
    },
    update(customerId: number, planId: number, input: PlanInput) {
      const before = planOf(customerId, planId);
      if (before.status !== 'active') throw new HttpError(409, ERROR_CODES.conflict, PLAN_MESSAGES.stopped);
      const plan = plans.update(planId, fieldsOf(input))!;
      cancelWaiting(
        plan,
        (dueMonth) => {
          const [y, m] = dueMonth.split('-').map(Number) as [number, number];
          return m === plan.month && y >= plan.startYear && (y - plan.startYear) % plan.everyYears === 0;
        },
        'The service plan moved to another month',
      );
      deps.season.runFor(plan.id);
      return withNextDue(plan);
    },
    stop(customerId: number, planId: number) {
      const plan = planOf(customerId, planId);
      if (plans.stop(planId)) cancelWaiting(plan, () => false, 'The service plan was stopped');
      return withNextDue(plans.get(planId)!);
    },
  };
}
export type ServicePlansService = ReturnType<typeof servicePlansService>;
