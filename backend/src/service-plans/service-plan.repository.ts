import type { PlanService, PlanStatus, ServicePlan } from '@washdesk/contract';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

// The one writer of `service_plans` and `service_plan_items` (db/table-owners.test.ts).

/** A plan as stored; the service adds its next due dates. */
export type StoredPlan = Omit<ServicePlan, 'nextDue'>;

export interface PlanFields {
  everyYears: number;
  month: number;
  startYear: number;
  rule: string;
  timeZone: string;
  title: string;
  durationMinutes: number;
  services: PlanService[];
}

interface PlanRow {
  id: number;
  customer_id: number;
  every_years: number;
  month: number;
  start_year: number;
  rule: string;
  time_zone: string;
  title: string;
  duration_minutes: number;
  status: PlanStatus;
  created_at: string;
  updated_at: string;
}

export function servicePlanRepository(db: Db) {
  const one = db.prepare<[number], PlanRow>('SELECT * FROM service_plans WHERE id = ?');
  const ofCustomer = db.prepare<[number], PlanRow>(
    'SELECT * FROM service_plans WHERE customer_id = ? ORDER BY id DESC',
  );
  const active = db.prepare<[], { id: number }>(
    "SELECT id FROM service_plans WHERE status = 'active' ORDER BY id",
  );
  const items = db.prepare<[number], { service: PlanService['service']; amount_cents: number }>(
    'SELECT service, amount_cents FROM service_plan_items WHERE plan_id = ? ORDER BY position',
  );
  const insert = db.prepare(`INSERT INTO service_plans (customer_id, every_years, month, start_year, rule,
      time_zone, title, duration_minutes, status, created_at, updated_at)
    VALUES (@customerId, @everyYears, @month, @startYear, @rule, @timeZone, @title, @durationMinutes, 'active', @now, @now)`);
  const update = db.prepare(`UPDATE service_plans SET every_years = @everyYears, month = @month,
      start_year = @startYear, rule = @rule, time_zone = @timeZone, title = @title,
      duration_minutes = @durationMinutes, updated_at = @now WHERE id = @id`);
  const stop = db.prepare(
    "UPDATE service_plans SET status = 'stopped', updated_at = ? WHERE id = ? AND status = 'active'",
  );
  const deleteItems = db.prepare('DELETE FROM service_plan_items WHERE plan_id = ?');
  const insertItem = db.prepare(
    'INSERT INTO service_plan_items (plan_id, position, service, amount_cents) VALUES (?, ?, ?, ?)',
  );

  const toPlan = (r: PlanRow): StoredPlan => {
    const services = items.all(r.id).map((i) => ({ service: i.service, amountCents: i.amount_cents }));
    return {
      id: r.id,
      customerId: r.customer_id,
      everyYears: r.every_years,
      month: r.month,
      startYear: r.start_year,
      rule: r.rule,
      timeZone: r.time_zone,
      title: r.title,
      services,
      priceCents: services.reduce((sum, s) => sum + s.amountCents, 0),
      durationMinutes: r.duration_minutes,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  };
  const get = (id: number) => {
    const row = one.get(id);
    return row ? toPlan(row) : undefined;
  };
  const writeItems = (planId: number, services: PlanService[]) => {
    deleteItems.run(planId);
    services.forEach((s, i) => insertItem.run(planId, i + 1, s.service, s.amountCents));
  };

  return {
    get,
    ofCustomer: (customerId: number) => ofCustomer.all(customerId).map(toPlan),
    /** The plans the season expands. */
    activeIds: () => active.all().map((r) => r.id),
    /** A plan and its services in one transaction: never a price without what it is made of. */
    create: db.transaction((customerId: number, fields: PlanFields): StoredPlan => {
      const { services, ...plan } = fields;
      const id = Number(insert.run({ ...plan, customerId, now: nowIso() }).lastInsertRowid);
      writeItems(id, services);
      return get(id)!;
    }),
    update: db.transaction((id: number, fields: PlanFields): StoredPlan | undefined => {
      const { services, ...plan } = fields;
      if (!update.run({ ...plan, id, now: nowIso() }).changes) return undefined;
      writeItems(id, services);
      return get(id);
    }),
    /** Stops the plan (kept, with the jobs it made); false when it was not active. */
    stop: (id: number) => stop.run(nowIso(), id).changes > 0,
  };
}
export type ServicePlanRepository = ReturnType<typeof servicePlanRepository>;
