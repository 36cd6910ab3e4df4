import { useState } from 'react';
import { Button, Callout, Card, Classes, H5, Intent, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import {
  APPOINTMENT_SERVICE_OPTIONS,
  formatCents,
  labelOf,
  planFrequencyText,
  type ServicePlan,
} from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { ServicePlanDialog } from './ServicePlanDialog.tsx';
import { servicePlanQueries, servicePlansKey, stopPlan } from './service-plans.queries.ts';
import './service-plans.css';

// A due date is a calendar day (the first of the month), read as such whatever the browser's zone.
const dueDay = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dueText = (date: string) => dueDay.format(new Date(`${date}T12:00:00Z`));

/** "Service plan" on a customer's record: the work that comes back every year or few. */
export function ServicePlanCard({ customerId }: { customerId: number }) {
  const api = useApi();
  const plans = useQuery(servicePlanQueries.ofCustomer(api, customerId));
  const [editing, setEditing] = useState<ServicePlan | 'new' | null>(null);
  const active = plans.data?.find((p) => p.status === 'active');
  const stopped = plans.data?.filter((p) => p.status === 'stopped').length ?? 0;
  return (
    <Card className="service-plan" role="region" aria-label="Service plan">
      <div className="service-plan__head">
        <H5>Service plan</H5>
        {plans.data && !active && (
          <Button icon="repeat" text="Add service plan" onClick={() => setEditing('new')} />
        )}
      </div>
      {plans.isError && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(plans.error)}
        </Callout>
      )}
      {plans.data && !active && (
        <p className={Classes.TEXT_MUTED}>
          No plan{stopped > 0 ? ` (${stopped === 1 ? 'one' : stopped} stopped)` : ''}: nothing brings this
          customer back on its own.
        </p>
      )}
      {active && <PlanDetails plan={active} onEdit={() => setEditing(active)} />}
      {editing !== null && (
        <ServicePlanDialog
          customerId={customerId}
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function PlanDetails({ plan, onEdit }: { plan: ServicePlan; onEdit: () => void }) {
  const [problem, setProblem] = useState<unknown>(null);
  const stop = useChange({
    change: (api) => stopPlan(api, plan.customerId, plan.id),
    success: 'Service plan stopped',
    refetch: [servicePlansKey],
    onError: setProblem,
  });
  return (
    <>
      {problem !== null && (
        <Callout intent={Intent.DANGER} role="alert">
          {problemMessage(problem)}
        </Callout>
      )}
      <dl className="service-plan__details">
        <dt>How often</dt>
        <dd>{planFrequencyText(plan.everyYears, plan.month)}</dd>
        <dt>Services</dt>
        <dd>
          <ul className="service-plan__services">
            {plan.services.map((s, i) => (
              <li key={i}>
                {labelOf(APPOINTMENT_SERVICE_OPTIONS, s.service)}{' '}
                <strong>{formatCents(s.amountCents)}</strong>
              </li>
            ))}
          </ul>
          Total <strong>{formatCents(plan.priceCents)}</strong>, about {plan.durationMinutes} minutes
        </dd>
        <dt>Next due</dt>
        <dd aria-label="Next due">
          {plan.nextDue.map((date) => (
            <Tag key={date} minimal className="service-plan__due">
              {dueText(date)}
            </Tag>
          ))}
        </dd>
      </dl>
      <div className="service-plan__actions">
        <Button icon="edit" text="Edit plan" onClick={onEdit} />
        <Button
          icon="stop"
          intent={Intent.DANGER}
          text="Stop plan"
          loading={stop.isPending}
          onClick={() => {
            setProblem(null);
            stop.mutate(undefined);
          }}
        />
      </div>
    </>
  );
}
