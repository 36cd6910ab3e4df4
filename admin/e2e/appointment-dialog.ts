import { expect, type Locator, type Page } from '@playwright/test';
import { CSRF_HEADER, type Appointment, type AppointmentCreate } from '@washdesk/contract';
import { testOwner } from './admin-page.ts';
import { moveAppointmentTo } from './test-database.ts';

/** Tests share one database: every appointment a test makes carries a name nobody else uses. */
export const uniqueCustomer = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A date far in the future, picked at random among some 1,600, so tests sharing the database
 * seldom meet in one slot (the API-made ones confirm any overlap; see AppointmentApi.create).
 */
export const farDate = () =>
  `209${Math.floor(Math.random() * 10)}-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`;

/**
 * Tests share the database, so each finds its own appointment through the search box, and waits
 * until the list shows only matches before touching a card. A click sent while the filtered page
 * replaces the full one can press on one card and release on another: the button takes focus
 * and no click happens (the dialog never opens). `cards` are the list items of the screen's list.
 */
export async function showOnly(page: Page, name: string, cards: Locator) {
  await page.getByRole('searchbox', { name: 'Search appointments' }).fill(name);
  // Our card, or the empty search's message: the list has loaded (before it, no card shows).
  const found = cards.filter({ hasText: name }).first();
  await expect(found.or(page.getByText(`No appointments match “${name}”`))).toBeVisible();
  // No other card: the filtered page has replaced the full one.
  await expect(cards.filter({ hasNotText: name })).toHaveCount(0);
}

export const appointmentDialog = (page: Page, title = 'Schedule Appointment') =>
  page.getByRole('dialog', { name: title });

export interface DialogInput {
  customerName: string;
  customerPhone: string;
  customerEmail?: string;
  address: string;
  service: string;
  date: string;
  time: string;
  notes?: string;
}

/** Fills the appointment dialog as staff would, label by label. */
export async function fillAppointmentDialog(page: Page, input: DialogInput, title?: string) {
  const dialog = appointmentDialog(page, title);
  await dialog.getByLabel('Customer Name').fill(input.customerName);
  await dialog.getByLabel('Phone Number').fill(input.customerPhone);
  await dialog.getByLabel('Email (optional)').fill(input.customerEmail ?? '');
  await dialog.getByLabel('Address').fill(input.address);
  await dialog.getByLabel('Service Type').selectOption({ label: input.service });
  await dialog.getByLabel('Preferred Date').fill(input.date);
  await dialog.getByLabel('Preferred Time').selectOption({ label: input.time });
  await dialog.getByLabel('Notes (optional)').fill(input.notes ?? '');
}

/** The staff API in the page's own request context (it shares the page's cookies). */
export class AppointmentApi {
  private constructor(
    private readonly page: Page,
    private readonly csrfToken: string,
  ) {}

  /** Signs the page in, too. */
  static async signIn(page: Page): Promise<AppointmentApi> {
    const response = await page.request.post('/api/auth/login', { data: testOwner });
    expect(response.ok()).toBe(true);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return new AppointmentApi(page, csrfToken);
  }

  async create(over: Partial<AppointmentCreate> = {}): Promise<Appointment> {
    const response = await this.page.request.post('/api/appointments/create', {
      data: {
        customerName: uniqueCustomer('Api Customer'),
        customerPhone: '(707) 555-0142',
        customerEmail: 'api.customer@example.com',
        address: '12 Fern Hollow Rd, Arcata, CA',
        serviceType: 'house-wash',
        preferredDate: farDate(),
        preferredTime: '10:00 AM',
        notes: 'Side gate sticks',
        // Tests share a database; a slot another test took is not what these tests are about.
        allowOverlap: true,
        ...over,
      },
      headers: { [CSRF_HEADER]: this.csrfToken },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Appointment;
  }

  /**
   * A visit on the business's today. The API refuses an hour of today that has passed, and the
   * suite runs at any hour: the visit is booked ahead, then put on today in the server's database,
   * as one booked before its hour came.
   */
  async createForToday(today: string, over: Partial<AppointmentCreate> = {}): Promise<Appointment> {
    const booked = await this.create(over);
    moveAppointmentTo(booked.id, today);
    return { ...booked, scheduledDate: today };
  }

  async change(id: number, change: Record<string, unknown>): Promise<Appointment> {
    const response = await this.page.request.put(`/api/appointments/${id}`, {
      data: change,
      headers: { [CSRF_HEADER]: this.csrfToken },
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as Appointment;
  }
}
