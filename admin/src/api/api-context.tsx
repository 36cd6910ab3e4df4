import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.ts';

const ApiContext = createContext<ApiClient | null>(null);

export const ApiProvider = ApiContext;

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() is used outside <AdminApp>');
  return api;
}
