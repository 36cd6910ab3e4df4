import { ADMIN_BASE, type ADMIN_PAGE_PATHS } from '@washdesk/contract';

export type AdminPagePath = (typeof ADMIN_PAGE_PATHS)[number];

export interface AdminPageHeading {
  title: string;
  description?: string;
}

/** Each admin page's header text (spec section 2), keyed by the contract's route list. */
export const ADMIN_PAGE_HEADINGS: Record<AdminPagePath, AdminPageHeading> = {
  '/admin': { title: 'Dashboard', description: 'Submissions, quotes and appointments at a glance' },
  '/admin/photo-submissions': {
    title: 'Photo Submissions',
    description: 'Review customer photo submissions and create quotes',
  },
  '/admin/appointment-scheduling': {
    title: 'Appointment Scheduling',
    description: 'Manage customer appointments and free estimates',
  },
  '/admin/scheduling': { title: 'Scheduling', description: 'Manage appointments and consultations' },
  '/admin/call-logs': { title: 'Call Logs', description: 'Phone calls answered by the AI assistant' },
  '/admin/ai-responses': {
    title: 'AI Responses',
    description: "The AI assistant's conversations with customers",
  },
  '/admin/faq-management': {
    title: 'FAQ Management',
    description: 'The knowledge base the AI assistant answers from',
  },
  '/admin/settings': { title: 'Settings', description: 'Configure your AI assistant and system preferences' },
  '/admin/messenger-conversations': {
    title: 'Facebook Messenger',
    description: 'Read and answer customer conversations',
  },
  '/admin/texts': {
    title: 'Texts',
    description: 'Text messages with customers on the business number',
  },
  '/admin/customers': {
    title: 'Customers',
    description: 'Every customer, by town and last service',
  },
  '/admin/board': {
    title: 'Board',
    description: "The crews' days: drag a visit to another slot, day or crew, or use Move to…",
  },
  '/admin/invoices': {
    title: 'Invoices',
    description: 'Every done job’s invoice, what is still owed, and the payments taken',
  },
  '/admin/requests': {
    title: 'Requests',
    description: 'Every lead from every channel, from first contact to won or lost',
  },
};

/** The router runs under the /admin basename, so its paths are the contract's minus that prefix. */
export const routerPath = (page: AdminPagePath) => page.slice(ADMIN_BASE.length) || '/';
