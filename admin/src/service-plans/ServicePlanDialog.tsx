import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import {
  APPOINTMENT_SERVICE_OPTIONS,
  centsOf,
  dollarsOf,
  MAX_PLAN_EVERY_YEARS,
  MONTH_NAMES,
  type AppointmentServiceType,
  type ServicePlan,
  type ServicePlanInput,
} from '@washdesk/contract';
import { fieldProblems, problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { createPlan, servicePlansKey, updatePlan } from './service-plans.queries.ts';

interface Line {
  service: AppointmentServiceType;
  /** As typed, in dollars: "450" or "450.00". */
  price: string;
}

/** "450.5" → 45050; anything that is not dollars and cents is sent as typed, for the server's message. */
function centsOfTyped(price: string): number | string {
  const typed = price.trim().replace(/^\$/, '');
  return /^\d{1,6}(?:\.\d{1,2})?$/.test(typed) ? centsOf(Number(typed)) : price;
}
const dollarsText = (amountCents: number) =>
  Number.isInteger(dollarsOf(amountCents))
    ? String(dollarsOf(amountCents))
    : dollarsOf(amountCents).toFixed(2);

/** Make or change a customer's plan: how often, which month, the services with their prices. */
export function ServicePlanDialog({
  customerId,
  plan,
  onClose,
}: {
  customerId: number;
  plan: ServicePlan | null;
  onClose: () => void;
}) {
  const [everyYears, setEveryYears] = useState(plan?.everyYears ?? 1);
  const [month, setMonth] = useState(plan?.month ?? 4);
  const [duration, setDuration] = useState(String(plan?.durationMinutes ?? 180));
  const [lines, setLines] = useState<Line[]>(
    plan?.services.map((s) => ({ service: s.service, price: dollarsText(s.amountCents) })) ?? [
      { service: 'house-wash', price: '' },
    ],
  );
  const [problem, setProblem] = useState<unknown>(null);
  const save = useChange({
    change: (api, input: ServicePlanInput) =>
      plan ? updatePlan(api, customerId, plan.id, input) : createPlan(api, customerId, input),
    success: plan ? 'Service plan saved' : 'Service plan added',
    refetch: [servicePlansKey],
    onDone: onClose,
    onError: setProblem,
  });
  const fields = fieldProblems(problem);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate({
      everyYears,
      month,
      durationMinutes: Number(duration),
      services: lines.map((l) => ({ service: l.service, amountCents: centsOfTyped(l.price) as number })),
    });
  };
  const setLine = (i: number, change: Partial<Line>) =>
    setLines((old) => old.map((l, k) => (k === i ? { ...l, ...change } : l)));
  return (
    <Dialog title={plan ? 'Edit service plan' : 'Add service plan'} icon="repeat" isOpen onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {problem !== null && Object.keys(fields).length === 0 && (
            <Callout intent={Intent.DANGER} role="alert">
              {problemMessage(problem)}
            </Callout>
          )}
          {plan && <Callout intent={Intent.PRIMARY}>Changes apply to the jobs not made yet.</Callout>}
          <div className="service-plan__when">
            <FormGroup
              label="How often"
              labelFor="plan-every"
              helperText={fields.everyYears}
              intent={fields.everyYears ? Intent.DANGER : Intent.NONE}
            >
              <HTMLSelect
                id="plan-every"
                value={everyYears}
                onChange={(e) => setEveryYears(Number(e.currentTarget.value))}
              >
                {Array.from({ length: MAX_PLAN_EVERY_YEARS }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n === 1 ? 'Every year' : `Every ${n} years`}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label="Month"
              labelFor="plan-month"
              helperText={fields.month}
              intent={fields.month ? Intent.DANGER : Intent.NONE}
            >
              <HTMLSelect
                id="plan-month"
                value={month}
                onChange={(e) => setMonth(Number(e.currentTarget.value))}
              >
                {MONTH_NAMES.map((name, i) => (
                  <option key={name} value={i + 1}>
                    {name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label="Takes (minutes)"
              labelFor="plan-duration"
              helperText={fields.durationMinutes}
              intent={fields.durationMinutes ? Intent.DANGER : Intent.NONE}
            >
              <InputGroup
                id="plan-duration"
                inputMode="numeric"
                value={duration}
                onValueChange={setDuration}
              />
            </FormGroup>
          </div>
          <fieldset className="service-plan__lines">
            <legend>Services</legend>
            {fields.services && (
              <Callout intent={Intent.DANGER} role="alert">
                {fields.services}
              </Callout>
            )}
            {lines.map((line, i) => (
              <div key={i} className="service-plan__line">
                <FormGroup
                  label={`Service ${i + 1}`}
                  labelFor={`plan-service-${i}`}
                  helperText={fields[`services.${i}.service`]}
                >
                  <HTMLSelect
                    id={`plan-service-${i}`}
                    value={line.service}
                    onChange={(e) => setLine(i, { service: e.currentTarget.value as AppointmentServiceType })}
                  >
                    {APPOINTMENT_SERVICE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </HTMLSelect>
                </FormGroup>
                <FormGroup
                  label={`Price ${i + 1} ($)`}
                  labelFor={`plan-price-${i}`}
                  helperText={fields[`services.${i}.amountCents`]}
                  intent={fields[`services.${i}.amountCents`] ? Intent.DANGER : Intent.NONE}
                >
                  <InputGroup
                    id={`plan-price-${i}`}
                    inputMode="decimal"
                    value={line.price}
                    intent={fields[`services.${i}.amountCents`] ? Intent.DANGER : Intent.NONE}
                    onValueChange={(price) => setLine(i, { price })}
                  />
                </FormGroup>
                {lines.length > 1 && (
                  <Button
                    icon="trash"
                    variant="minimal"
                    aria-label={`Remove service ${i + 1}`}
                    onClick={() => setLines((old) => old.filter((_, k) => k !== i))}
                  />
                )}
              </div>
            ))}
            <Button
              icon="add"
              text="Add a service"
              onClick={() => setLines((old) => [...old, { service: 'gutter-cleaning', price: '' }])}
            />
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text="Save plan" loading={save.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
