import { FOLLOW_UP_HOURS, SERVICE_RADIUS_MILES, type PublicProfile } from '@washdesk/contract';
import type { Config } from '../config.ts';

/** What customers may know about the business: /api/public/profile and every public page. */
export const publicProfile = (config: Config): PublicProfile => ({
  businessName: config.business.name,
  phone: config.business.phone,
  email: config.business.email,
  serviceArea: config.business.serviceArea,
  schedulingCalendarUrl: config.business.schedulingCalendarUrl,
  serviceRadiusMiles: SERVICE_RADIUS_MILES,
  followUpHours: FOLLOW_UP_HOURS,
  // The same test the quote service's analyzer is chosen by (analyzerFromConfig).
  instantQuotes: config.providers.openai.apiKey ? 'ai-model' : 'local-estimate',
});
