import type { Page } from '@playwright/test';
import { PublicPage } from './public-page.ts';

export interface PhotoFormDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  address?: string;
  notes?: string;
  squareFeet?: string;
}

const LABELS: Record<keyof PhotoFormDetails, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone',
  email: 'Email',
  address: 'Property Address',
  notes: 'Notes',
  squareFeet: 'Approximate square feet',
};

/** The photo form on `/photo-form`, as a visitor uses it. */
export class PhotoFormPage extends PublicPage {
  constructor(page: Page) {
    super(page);
  }

  openForm() {
    return this.openReady('/photo-form');
  }

  field(name: keyof PhotoFormDetails) {
    return this.page.getByRole('textbox', { name: new RegExp(`^${LABELS[name]}`) });
  }

  fieldError(name: keyof PhotoFormDetails | 'serviceType') {
    return this.page.locator(`#photo-form-${name}-error`);
  }

  async fill(details: PhotoFormDetails) {
    for (const [key, value] of Object.entries(details) as [keyof PhotoFormDetails, string][]) {
      await this.field(key).fill(value);
    }
  }

  chooseService(label: string) {
    return this.page
      .getByRole('group', { name: /Service Type/ })
      .getByLabel(label, { exact: true })
      .check();
  }

  get photoInput() {
    return this.page.getByLabel('Add photos');
  }

  get photoProblems() {
    return this.page.locator('#photo-form-photos-problems');
  }

  get selectedPhotos() {
    return this.page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
  }

  removePhoto(fileName: string) {
    return this.page.getByRole('button', { name: `Remove ${fileName}` }).click();
  }

  get manualButton() {
    return this.page.getByRole('button', { name: /Submit for Manual Review|Submitting\.\.\./ });
  }

  /** "Get Instant AI Estimate" where an AI model makes the estimate, else "Get Instant Rough Estimate". */
  get analysisButton() {
    return this.page.getByRole('button', {
      name: /Get Instant AI Estimate|Get Instant Rough Estimate|Analyzing\.\.\.|Estimating\.\.\./,
    });
  }

  get stories() {
    return this.page.getByRole('combobox', { name: 'Stories' });
  }

  get toast() {
    return this.page.getByRole('status', { name: 'Notifications' });
  }

  get thankYou() {
    return this.page.getByRole('region', { name: 'Thank You!' });
  }
}
