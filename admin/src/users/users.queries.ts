import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type UserCreate, type UserUpdate } from '@washdesk/contract';
import type { ApiClient } from '../api/api-client.ts';

const usersKey = ['users'] as const;

export const userQueries = {
  /** Every key under this one belongs to staff accounts; invalidated after each change. */
  all: usersKey,
  /** The staff accounts, owner-only on the server. */
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: [...usersKey, 'list'],
      queryFn: () => api.get('/api/users', z.array(userSchema)),
    }),
};

const nothing = { parse: () => undefined };

export const addStaffMember = (api: ApiClient, staffMember: UserCreate) =>
  api.send('POST', '/api/users', staffMember, userSchema);

export const changeStaffMember = (api: ApiClient, id: number, change: UserUpdate) =>
  api.send('PUT', `/api/users/${id}`, change, userSchema);

/** The server also signs that person out everywhere: their old password may be known to someone. */
export const resetStaffPassword = (api: ApiClient, id: number, password: string) =>
  api.send('POST', `/api/users/${id}/reset-password`, { password }, nothing);
