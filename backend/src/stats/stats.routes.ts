import { Router } from 'express';
import type { Stats } from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { addDays, localDate, startOfLocalDay, startOfWeek } from '../time.ts';

/** Every figure is counted by SQLite over indexed columns; nothing loads the rows. */
export function statsRoutes(config: Config, db: Db) {
  const submissions = db.prepare(`SELECT
      COUNT(*) AS total,
      COUNT(*) FILTER (WHERE created_at >= @today) AS today,
      COUNT(*) FILTER (WHERE created_at >= @yesterday AND created_at < @today) AS yesterday,
      COUNT(*) FILTER (WHERE created_at >= @week) AS thisWeek,
      COUNT(*) FILTER (WHERE created_at >= @lastWeek AND created_at < @week) AS lastWeek,
      COUNT(*) FILTER (WHERE status = 'pending') AS pending,
      COUNT(*) FILTER (WHERE status = 'reviewed') AS reviewed,
      COUNT(*) FILTER (WHERE status = 'quoted') AS quoted,
      COUNT(*) FILTER (WHERE status = 'completed') AS completed
    FROM photo_submissions`);
  const appointments = db.prepare(`SELECT
      COUNT(*) AS total,
      COUNT(*) FILTER (WHERE scheduled_date = @date) AS today,
      COUNT(*) FILTER (WHERE scheduled_date > @date AND status = 'scheduled') AS upcoming
    FROM appointments`);
  const calls = db.prepare(`SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE created_at >= @today) AS today FROM calls`);
  const newRequests = db.prepare(`SELECT COUNT(*) AS n FROM service_requests WHERE status = 'new'`);

  const router = Router();
  router.get('/api/stats', (_req, res) => {
    const date = localDate(new Date(), config.timeZone);
    const week = startOfWeek(date);
    const bounds = {
      today: startOfLocalDay(date, config.timeZone),
      yesterday: startOfLocalDay(addDays(date, -1), config.timeZone),
      week: startOfLocalDay(week, config.timeZone),
      lastWeek: startOfLocalDay(addDays(week, -7), config.timeZone),
    };
    const s = db.transaction(() => ({
      sub: submissions.get(bounds) as Record<string, number>,
      appt: appointments.get({ date }) as Record<string, number>,
      call: calls.get({ today: bounds.today }) as Record<string, number>,
      requests: (newRequests.get() as { n: number }).n,
    }))();
    const stats: Stats = {
      todaySubmissions: s.sub.today!,
      yesterdaySubmissions: s.sub.yesterday!,
      thisWeekSubmissions: s.sub.thisWeek!,
      lastWeekSubmissions: s.sub.lastWeek!,
      quoteRequests: s.sub.quoted! + s.sub.completed!,
      totalSubmissions: s.sub.total!,
      pendingSubmissions: s.sub.pending!,
      reviewedSubmissions: s.sub.reviewed!,
      quotedSubmissions: s.sub.quoted!,
      completedSubmissions: s.sub.completed!,
      completionRate: s.sub.total ? Math.round((s.sub.completed! / s.sub.total) * 100) : 0,
      totalAppointments: s.appt.total!,
      todayAppointments: s.appt.today!,
      upcomingAppointments: s.appt.upcoming!,
      totalCalls: s.call.total!,
      todayCalls: s.call.today!,
      newServiceRequests: s.requests,
      today: date,
    };
    res.json(stats);
  });
  return router;
}
