import type { ServiceRequest, ServiceRequestStatus, serviceRequestCreateSchema } from '@washdesk/contract';
import type { z } from 'zod';
import { keyedPages, type KeyedPage } from '../db/keyed-pages.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import type { PhotoRepository } from '../photos/photo.repository.ts';
import type { StoredPhoto } from '../photos/photo.storage.ts';
import { formConsents } from '../texts/form-consent.ts';

export type NewServiceRequest = z.output<typeof serviceRequestCreateSchema>;

interface RequestRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string | null;
  service_type: ServiceRequest['serviceType'];
  property_type: ServiceRequest['propertyType'];
  urgency: ServiceRequest['urgency'];
  description: string | null;
  has_photos: number;
  status: ServiceRequestStatus;
  created_at: string;
}

export function serviceRequestRepository(db: Db, photos: PhotoRepository) {
  const consents = formConsents(db);
  const insert = db.prepare(`INSERT INTO service_requests
    (first_name, last_name, email, phone, address, city, service_type, property_type, urgency, description,
     has_photos, created_at, updated_at)
    VALUES (@firstName, @lastName, @email, @phone, @address, @city, @serviceType, @propertyType, @urgency,
     @description, @hasPhotos, @now, @now)`);
  const pages = keyedPages<RequestRow>(db, {
    table: 'service_requests',
    key: 'created_at',
    select: 'SELECT * FROM service_requests r',
    alias: 'r',
    filters: { status: 'status = @status' },
    counted: 'service_requests',
    everyRowIn: 'status',
  });
  const one = db.prepare('SELECT * FROM service_requests WHERE id = ?');

  const toRequests = (rows: RequestRow[]): ServiceRequest[] => {
    const photosOf = photos.forServiceRequests(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      address: r.address,
      city: r.city,
      serviceType: r.service_type,
      propertyType: r.property_type,
      urgency: r.urgency,
      description: r.description,
      hasPhotos: r.has_photos === 1,
      photos: photosOf.get(r.id) ?? [],
      status: r.status,
      createdAt: r.created_at,
    }));
  };
  const get = (id: number) => {
    const row = one.get(id) as RequestRow | undefined;
    return row ? toRequests([row])[0] : undefined;
  };

  return {
    create(fields: NewServiceRequest, stored: StoredPhoto[]) {
      const id = db.transaction(() => {
        const hasPhotos = fields.hasPhotos || stored.length > 0 ? 1 : 0;
        const requestId = Number(insert.run({ ...fields, hasPhotos, now: nowIso() }).lastInsertRowid);
        photos.addAll({ serviceRequestId: requestId }, stored);
        if (fields.textConsent)
          consents.record({ phone: fields.phone, source: 'wizard', sourceId: requestId, at: nowIso() });
        return requestId;
      })();
      return get(id)!;
    },
    list(filter: { status?: ServiceRequestStatus } & KeyedPage) {
      const { rows, total } = pages.page({ status: filter.status }, filter);
      return { rows: toRequests(rows), total };
    },
    get,
  };
}
export type ServiceRequestRepository = ReturnType<typeof serviceRequestRepository>;
