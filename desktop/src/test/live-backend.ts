import type { LiveEvent, LiveEventType } from '@washdesk/contract';
// Desktop tests drive a REAL backend (HTTP on 127.0.0.1, a fresh SQLite file), as the app would.
/* eslint-disable no-restricted-imports -- test code: the backend's test server, never shipped */
import { eventRepository } from '../../../backend/src/events/event.repository.ts';
import { fixturePhoto, photoForm, type TestServer } from '../../../backend/src/test/test-server.ts';
/* eslint-enable no-restricted-imports */

/* eslint-disable no-restricted-imports -- as above */
export { signIn, startTestServer, type TestServer } from '../../../backend/src/test/test-server.ts';
export { PHONE_ENV, phoneCaller } from '../../../backend/src/test/phone-caller.ts';
/* eslint-enable no-restricted-imports */

/** A customer's wizard request (POST /api/service-requests), as the public site sends it. */
export async function wizardRequest(server: TestServer, firstName: string) {
  const response = await server.anonymous.send('POST', '/api/service-requests', {
    firstName,
    lastName: 'Whitfield',
    email: 'dana@example.com',
    phone: '707-555-0123',
    address: '512 Redwood Drive, Garberville',
    serviceType: 'house-washing',
  });
  if (response.status !== 201) throw new Error(`wizard request refused: ${response.status}`);
  return (await response.json()) as { id: number };
}

/** A customer's photo submission (POST /api/photo-submissions) with a real photo. */
export async function photoSubmission(server: TestServer, firstName: string) {
  const response = await server.anonymous.upload(
    '/api/photo-submissions',
    photoForm({ firstName, lastName: 'Ortega', phone: '(707) 555-0188', serviceType: 'House Soft Wash' }, [
      { path: fixturePhoto('pixel-gps-orientation1.jpg') },
    ]),
  );
  if (response.status !== 201) throw new Error(`photo submission refused: ${response.status}`);
  return (await response.json()) as { id: number };
}

/**
 * Logs events the way the bus stores them, for kinds whose writers have not merged yet (Messenger)
 * or that only staff cause. They are not pushed live: a client gets them by reconnecting with
 * Last-Event-ID.
 */
export function logEvents(
  server: TestServer,
  events: { type: LiveEventType; entityId: number | null; summary: string; actorUserId?: number | null }[],
): LiveEvent[] {
  const repository = eventRepository(server.db);
  return events.map((event) => repository.append(event, new Date().toISOString()));
}
