import { queryOptions } from '@tanstack/react-query';
import { servicePlanSchema, type ServicePlanInput } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

export const servicePlansKey = ['service-plans'] as const;

export const servicePlanQueries = {
  ofCustomer: (api: ApiClient, customerId: number) =>
    queryOptions({
      queryKey: [...servicePlansKey, customerId],
      queryFn: () => api.get(`/api/customers/${customerId}/service-plans`, servicePlanSchema.array()),
    }),
};

export const createPlan = (api: ApiClient, customerId: number, plan: ServicePlanInput) =>
  api.send('POST', `/api/customers/${customerId}/service-plans`, plan, servicePlanSchema);
export const updatePlan = (api: ApiClient, customerId: number, planId: number, plan: ServicePlanInput) =>
  api.send('PUT', `/api/customers/${customerId}/service-plans/${planId}`, plan, servicePlanSchema);
export const stopPlan = (api: ApiClient, customerId: number, planId: number) =>
  api.send('POST', `/api/customers/${customerId}/service-plans/${planId}/stop`, undefined, servicePlanSchema);
