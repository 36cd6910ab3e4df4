import type { Page } from '@playwright/test';
import { PublicPage } from './public-page.ts';

export interface WizardContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
}

const CONTACT_LABELS: Record<keyof WizardContact, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Property Address',
};

/** The request wizard on `/`, as a visitor uses it. */
export class RequestWizardPage extends PublicPage {
  constructor(page: Page) {
    super(page);
  }

  openWizard() {
    return this.openReady('/');
  }

  stepHeading(name: string) {
    return this.page.getByRole('heading', { level: 2, name, exact: true });
  }

  get currentStep() {
    return this.page.locator('.wizard-steps [aria-current="step"]');
  }

  field(name: keyof WizardContact) {
    return this.page.getByRole('textbox', { name: new RegExp(`^${CONTACT_LABELS[name]}`) });
  }

  /** The message under a contact field, tied to it by aria-describedby. */
  fieldError(name: keyof WizardContact) {
    return this.page.locator(`#wizard-${name}-error`);
  }

  async fillContact(contact: WizardContact) {
    for (const [key, value] of Object.entries(contact) as [keyof WizardContact, string][]) {
      await this.field(key).fill(value);
    }
  }

  get next() {
    return this.page.getByRole('button', { name: 'Next', exact: true });
  }

  get back() {
    return this.page.getByRole('button', { name: 'Back', exact: true });
  }

  get submitButton() {
    return this.page.getByRole('button', { name: /Submit Request|Submitting/ });
  }

  chooseService(label: string) {
    return this.page
      .getByRole('group', { name: /Service Needed/ })
      .getByLabel(label)
      .check();
  }

  choosePropertyType(label: string) {
    return this.page
      .getByRole('group', { name: /Property Type/ })
      .getByLabel(label)
      .check();
  }

  chooseTimeline(label: string) {
    return this.page
      .getByRole('group', { name: /Timeline/ })
      .getByLabel(label)
      .check();
  }

  get description() {
    return this.page.getByRole('textbox', { name: /^Project Description/ });
  }

  get photoInput() {
    return this.page.getByLabel('Add Photos for Quote');
  }

  get selectedPhotos() {
    return this.page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem');
  }

  get summary() {
    return this.page.getByRole('definition');
  }

  summaryValue(term: string) {
    return this.page.locator('.wizard-summary dt', { hasText: term }).locator('xpath=following-sibling::dd');
  }

  get failure() {
    return this.page.getByRole('alert');
  }
}
