import { describe, expect, it } from 'vitest';
import { APPOINTMENT_SERVICE_LABELS_ES, APPOINTMENT_SERVICE_OPTIONS } from './enums.ts';
import { ADVERTISED_PRICES } from './prices.ts';
import {
  planJobTitleIn,
  planTitle,
  serviceTitleIn,
  SERVICE_TYPE_LABELS_ES,
  serviceNameIn,
  serviceNameInEnglish,
  SURFACE_LABELS_ES,
} from './service-names.ts';

// Our service names in the customer's language, and back in the English staff read (issue 37).

describe('our service names', () => {
  it('are said in Spanish for a Spanish customer, a list item by item, and kept as they are in English', () => {
    expect(serviceNameIn('House Wash', 'es')).toBe('Lavado de casa');
    expect(serviceNameIn('House Soft Washing, Roof Cleaning', 'es')).toBe('Lavado suave de la casa, Limpieza de techo');
    expect(serviceNameIn('House Soft Washing, Roof Cleaning', 'en')).toBe('House Soft Washing, Roof Cleaning');
    // What staff typed stays as written.
    expect(serviceNameIn('Wash the boat', 'es')).toBe('Wash the boat');
    for (const o of APPOINTMENT_SERVICE_OPTIONS)
      expect(serviceNameIn(o.label, 'es')).toBe(APPOINTMENT_SERVICE_LABELS_ES[o.value]);
  });

  it('come back in English from every Spanish name a quote is written with, which says the same Spanish again', () => {
    const spanish = [...Object.values(SURFACE_LABELS_ES), ...Object.values(SERVICE_TYPE_LABELS_ES)];
    for (const name of spanish) {
      const english = serviceNameInEnglish(name);
      expect(english, name).not.toBe(name);
      expect(serviceNameIn(english, 'es'), name).toBe(name);
    }
    expect(serviceNameInEnglish('Lavado suave de la casa, Limpieza de concreto')).toBe(
      `${ADVERTISED_PRICES[0]!.label}, Concrete Cleaning`,
    );
    expect(serviceNameInEnglish('Wash the boat')).toBe('Wash the boat');
  });

  it('make a plan’s title in each language, and a title staff changed stays theirs', () => {
    const services = [{ service: 'house-wash' }, { service: 'gutter-cleaning' }];
    expect(planTitle(services)).toBe('house wash and gutter cleaning');
    expect(planTitle(services, 'es')).toBe('lavado de casa y limpieza de canaletas');
    const lineItems = [{ service: 'House Wash' }, { service: 'Gutter Cleaning' }];
    expect(planJobTitleIn({ title: 'house wash and gutter cleaning', lineItems }, 'es')).toBe(
      'lavado de casa y limpieza de canaletas',
    );
    expect(planJobTitleIn({ title: 'house wash and gutter cleaning', lineItems }, 'en')).toBe(
      'house wash and gutter cleaning',
    );
    expect(planJobTitleIn({ title: 'Spring wash (back deck too)', lineItems }, 'es')).toBe(
      'Spring wash (back deck too)',
    );
  });

  it('say a title we made in the customer’s language: a plan’s, a quote’s job’s, a visit’s; staff’s own stays', () => {
    expect(serviceTitleIn('house wash and gutter cleaning', 'es')).toBe('lavado de casa y limpieza de canaletas');
    expect(serviceTitleIn('roof cleaning', 'es')).toBe('limpieza de techo');
    expect(serviceTitleIn('House Soft Washing, Roof Cleaning', 'es')).toBe('Lavado suave de la casa, Limpieza de techo');
    expect(serviceTitleIn('House Wash', 'es')).toBe('Lavado de casa');
    expect(serviceTitleIn('house wash and the shed', 'es')).toBe('house wash and the shed');
    expect(serviceTitleIn('house wash and gutter cleaning', 'en')).toBe('house wash and gutter cleaning');
  });
});
