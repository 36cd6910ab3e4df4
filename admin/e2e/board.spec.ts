import { expect, test, type Page } from '@playwright/test';
import { CSRF_HEADER, type Appointment, type BoardVisit, type Crew } from '@washdesk/contract';
import { accessibilityViolations } from '../../scripts/accessibility-audit.ts';
import { testOwner } from './admin-page.ts';
import { uniqueCustomer } from './appointment-dialog.ts';
import { inTestDatabase } from './test-database.ts';

// The crew's board at 1366 px: a job dragged to another crew and day, a visit moved with
// "Move to…" and with the keyboard alone, and axe-core's checks on the board. Tests share the
// database: each works in its own week of 2089 (other tests book 2090–2099) and on "Board crew B",
// a crew no other test uses.

test.use({ viewport: { width: 1366, height: 900 } });
test.describe.configure({ mode: 'serial' });

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** A Monday of 2089 no other test of this file has taken. */
const takenWeeks = new Set<number>();
function freshMonday() {
  let week: number;
  do week = 1 + Math.floor(Math.random() * 50);
  while (takenWeeks.has(week));
  takenWeeks.add(week);
  const jan1 = new Date(Date.UTC(2089, 0, 1));
  const firstMonday = addDays('2089-01-01', (8 - jan1.getUTCDay()) % 7);
  return addDays(firstMonday, week * 7);
}

class Board {
  private constructor(
    readonly page: Page,
    private readonly csrf: string,
  ) {}

  static async signIn(page: Page) {
    const res = await page.request.post('/api/auth/login', { data: testOwner });
    expect(res.ok()).toBe(true);
    return new Board(page, ((await res.json()) as { csrfToken: string }).csrfToken);
  }

  private async post<T>(path: string, data: unknown, status = 200): Promise<T> {
    const res = await this.page.request.post(path, { data, headers: { [CSRF_HEADER]: this.csrf } });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as T;
  }

  /** The board's first crew and "Board crew B" (made once). */
  async crews(): Promise<[Crew, Crew]> {
    const all = (await (await this.page.request.get('/api/crews')).json()) as Crew[];
    const active = all.filter((c) => c.active);
    const b =
      active.find((c) => c.name === 'Board crew B') ??
      (await this.post<Crew>('/api/crews', { name: 'Board crew B', color: '#29A634' }, 201));
    return [active.find((c) => c.id !== b.id)!, b];
  }

  /** A sold job in the tray, as "Book the job" leaves it. */
  job(customerName: string, durationMinutes = 120): number {
    return inTestDatabase((db) => {
      const now = new Date().toISOString();
      const id = Number(
        db
          .prepare(
            `INSERT INTO jobs (customer_name, customer_phone, address, title, price_cents, duration_minutes,
              status, created_at, updated_at) VALUES (?, '(707) 555-0142', '12 Fern Hollow Rd, Arcata, CA',
              'House wash', 115000, ?, 'unscheduled', ?, ?)`,
          )
          .run(customerName, durationMinutes, now, now).lastInsertRowid,
      );
      db.prepare(
        `INSERT INTO job_line_items (job_id, position, service, amount_cents) VALUES (?, 1, 'House wash', 115000)`,
      ).run(id);
      return id;
    });
  }

  bookJob(jobId: number, date: string, time: string, crewId: number) {
    return this.post<Appointment>(`/api/schedule/jobs/${jobId}/visit`, { date, time, crewId }, 201);
  }

  async visit(id: number, monday: string): Promise<BoardVisit> {
    const res = await this.page.request.get(`/api/schedule?from=${monday}&to=${addDays(monday, 6)}`);
    return ((await res.json()) as BoardVisit[]).find((v) => v.id === id)!;
  }

  async open(monday: string, view: 'week' | 'day' = 'week') {
    await this.page.goto(`/admin/board?view=${view}&date=${monday}`);
    // A hang guard, not a measurement: on a busy 2-core machine the board's chunk and the week's
    // visits have taken over 15 s to arrive.
    await expect(this.page.getByRole('table', { name: /^Board for/ })).toBeVisible({ timeout: 45_000 });
  }

  card(customerName: string) {
    // A card's name is what it shows: "9:00 AM · Job Dana Whitfield House wash …".
    return this.page.getByRole('button', { name: new RegExp(`· (Job|Estimate) ${customerName} `) });
  }

  slot(date: string, time: string, crewId: number) {
    return this.page.locator(`[data-slot="${date} ${time} crew ${crewId}"]`);
  }
}

test('a job is dragged to another crew and another day', async ({ page }) => {
  const board = await Board.signIn(page);
  const [crewA, crewB] = await board.crews();
  const monday = freshMonday();
  const name = uniqueCustomer('Drag Customer');
  const visit = await board.bookJob(board.job(name), monday, '9:00 AM', crewA.id);
  await board.open(monday);

  const card = board.card(name);
  await expect(card).toBeVisible();
  const target = board.slot(addDays(monday, 2), '11:00 AM', crewB.id);
  await target.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 8);
  await page.mouse.down();
  // Past the few pixels that tell a drag from a click, then onto the slot in steps, as a hand moves.
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 18, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await expect(target).toHaveClass(/board-slot--over/);
  await page.mouse.up();

  await expect(
    page.getByText(new RegExp(`Moved ${name}'s House wash to .* at 11:00 AM \\(Board crew B\\)`)),
  ).toBeVisible();
  await expect
    .poll(async () => {
      const v = await board.visit(visit.id, monday);
      return [v.date, v.time, v.crewId];
    })
    .toEqual([addDays(monday, 2), '11:00 AM', crewB.id]);
  // The board redrew: the card now sits in crew B's row.
  await expect(
    page.getByRole('row', { name: /Board crew B/ }).getByRole('button', { name: new RegExp(`Job ${name} `) }),
  ).toBeVisible();
});

test('"Move to…" moves a visit with single clicks and says why a taken slot is refused', async ({ page }) => {
  const board = await Board.signIn(page);
  const [crewA, crewB] = await board.crews();
  const monday = freshMonday();
  const name = uniqueCustomer('Dialog Customer');
  const blocker = uniqueCustomer('Blocker Customer');
  const visit = await board.bookJob(board.job(name, 60), addDays(monday, 1), '10:00 AM', crewA.id);
  await board.bookJob(board.job(blocker, 180), addDays(monday, 3), '12:00 PM', crewB.id);
  await board.open(monday);

  await board.card(name).click();
  const dialog = page.getByRole('dialog', { name: `Move ${name}'s House wash` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Day').fill(addDays(monday, 3));
  await dialog.getByLabel('Time').selectOption('1:00 PM');
  await dialog.getByLabel('Crew').selectOption({ label: 'Board crew B' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  // 12:00 to 3:00 PM is the blocker's: the server's words come back as a toast, the dialog stays.
  await expect(page.getByText(new RegExp(`${blocker} is already booked`))).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Time').selectOption('3:00 PM');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(new RegExp(`Moved ${name}'s House wash to .* at 3:00 PM \\(Board crew B\\)`)),
  ).toBeVisible();
  const moved = await board.visit(visit.id, monday);
  expect([moved.date, moved.time, moved.crewId]).toEqual([addDays(monday, 3), '3:00 PM', crewB.id]);
});

test('the keyboard alone moves a visit: space, arrows, space', async ({ page }) => {
  const board = await Board.signIn(page);
  // The first crew's row is at the top: the card's moves stay in the window (no page scroll).
  const [crewA] = await board.crews();
  const monday = freshMonday();
  const name = uniqueCustomer('Keyboard Customer');
  const visit = await board.bookJob(board.job(name, 60), addDays(monday, 4), '9:00 AM', crewA.id);
  await board.open(monday);

  const card = board.card(name);
  await card.focus();
  await page.keyboard.press('Space');
  // Picked up (the arrows are heard from then on): wait for the state, not a time.
  await expect(page.locator('.board-visit--dragging').filter({ has: card })).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(board.slot(addDays(monday, 4), '10:00 AM', crewA.id)).toHaveClass(/board-slot--over/);
  await page.keyboard.press('ArrowDown');
  await expect(board.slot(addDays(monday, 4), '11:00 AM', crewA.id)).toHaveClass(/board-slot--over/);
  await page.keyboard.press('ArrowLeft');
  await expect(board.slot(addDays(monday, 3), '11:00 AM', crewA.id)).toHaveClass(/board-slot--over/);
  await page.keyboard.press('Space');

  await expect(page.getByText(new RegExp(`Moved ${name}'s House wash to .* at 11:00 AM`))).toBeVisible();
  const moved = await board.visit(visit.id, monday);
  expect([moved.date, moved.time, moved.crewId]).toEqual([addDays(monday, 3), '11:00 AM', crewA.id]);
});

test('the board passes axe-core with visits, a job under way and the tray', async ({ page }) => {
  const board = await Board.signIn(page);
  const [crewA, crewB] = await board.crews();
  const monday = freshMonday();
  await board.bookJob(board.job(uniqueCustomer('Axe Job'), 120), monday, '9:00 AM', crewA.id);
  await board.bookJob(board.job(uniqueCustomer('Axe Other'), 60), addDays(monday, 1), '1:00 PM', crewB.id);
  board.job(uniqueCustomer('Axe Tray'));
  for (const view of ['week', 'day'] as const) {
    await board.open(monday, view);
    await expect(page.getByRole('region', { name: 'Unscheduled jobs' })).toBeVisible();
    expect(await accessibilityViolations(page), view).toEqual([]);
  }
});
