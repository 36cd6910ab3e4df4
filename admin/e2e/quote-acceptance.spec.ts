import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import type { PhotoSubmission } from '@washdesk/contract';
import { AdminPage } from './admin-page.ts';
import { postPhotoForm } from './photo-form-post.ts';

// A quote from the office to a customer's phone and back: staff send it from a photo submission
// (this server has no e-mail or SMS set up, so the dialog says so and offers the link), the
// customer opens the link on a phone-sized page in their own browser and accepts it, and the
// admin shows the acceptance and the won lead without a reload (the event stream refetches).

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

async function customerSends(request: APIRequestContext): Promise<PhotoSubmission> {
  const lastName = `Quote${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const response = await postPhotoForm(request, {
    firstName: 'Nora',
    lastName,
    phone: '(707) 555-0166',
    email: `${lastName.toLowerCase()}@example.com`,
    address: '8 Briceland Rd, Redway, CA',
    serviceType: 'Roof Cleaning',
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as PhotoSubmission;
}

test('a quote is sent, opened on a phone, accepted, and the admin shows it won', async ({
  page,
  browser,
}) => {
  const admin = new AdminPage(page);
  await admin.signInWithApi();
  const submission = await customerSends(page.request);
  const name = submission.customerName!;

  await page.goto(`/admin/photo-submissions?q=${encodeURIComponent(submission.lastName!)}`);
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('button', { name: 'Create Quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Submission from ${name}` });
  const section = dialog.getByRole('region', { name: 'Quote for the customer' });
  // No SMTP_URL and no Twilio on this server: the dialog says so before anything is sent.
  await expect(dialog.getByText(/E-mail and text messages are not configured on this server/)).toBeVisible();
  // One price box: "Save Quote" and "Send quote" both take the quote form's amount.
  await expect(dialog.getByRole('textbox', { name: /price|amount/i })).toHaveCount(1);
  await dialog.getByLabel('Quote amount').fill('1,480');
  await admin.afterAnswers(
    () => dialog.getByRole('button', { name: 'Send quote' }).click(),
    ['POST', `/api/photo-submissions/${submission.id}/quotes`],
  );
  // Quoted, and honest about it: nothing reached the customer yet.
  await expect(dialog.getByText(/Quoted at \$1,480\. Quote not sent to the customer yet/)).toBeVisible();
  await expect(
    card.getByText('Quote not sent to the customer yet: copy its link or send it again'),
  ).toBeVisible();

  const sent = section.getByRole('region', { name: 'Sent quote' });
  await expect(sent.getByRole('heading', { name: 'Quote $1,480' })).toBeVisible();
  await expect(sent.getByText('Waiting for the customer')).toBeVisible();
  await expect(sent.getByText('Lead: Quoted')).toBeVisible();
  await expect(sent.getByText('E-mail not sent: not configured on this server')).toBeVisible();
  await expect(sent.getByText('Text not sent: not configured on this server')).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(sent.getByText('Not opened yet')).toBeVisible();
  const link = await sent.getByLabel('Quote link').inputValue();
  expect(link).toMatch(/\/quote\/[A-Za-z0-9_-]{43}$/);
  // Staff copy the link to pass it on themselves: the card now says the customer can have it.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await sent.getByRole('button', { name: 'Copy link' }).click();
  await expect(sent.getByText(/^Link copied to pass on /)).toBeVisible();
  await expect(card.getByText('Quote link copied for the customer, not opened yet')).toBeVisible();

  // Staff open the link in their own signed-in browser: a preview that neither counts as the
  // customer's visit nor lets them accept or ask in the customer's name.
  const preview = await page.context().newPage();
  await preview.goto(new URL(link).pathname);
  await expect(preview.getByRole('heading', { level: 1, name: /Your quote from / })).toBeVisible();
  await expect(preview.getByText(/^Staff preview: this is the customer's page/)).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  await expect(preview.getByLabel('Your question')).toHaveCount(0);
  await expect(preview.getByRole('heading', { name: 'Questions from the customer' })).toBeVisible();
  await expect(preview.getByText('No questions yet.')).toBeVisible();
  await preview.close();
  await expect(sent.getByText('Not opened yet')).toBeVisible();

  // The customer's phone: another browser (no staff cookie), 390 × 844.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const customer = await phone.newPage();
    await customer.goto(new URL(link).pathname);
    await expect(customer.getByRole('heading', { level: 1, name: /Your quote from / })).toBeVisible();
    const quote = customer.getByRole('article', { name: 'Quote' });
    await expect(quote.getByText(name)).toBeVisible();
    await expect(quote.getByText('8 Briceland Rd, Redway, CA')).toBeVisible();
    await expect(quote.getByText('Roof Cleaning')).toBeVisible();
    await expect(quote.getByText('$1,480')).toBeVisible();
    await expect(quote.getByText('Valid for 30 days')).toBeVisible();
    await expect(customer.getByText('555-0166')).toHaveCount(0);
    // Nothing wider than the phone's screen.
    const overflow = await customer.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);

    // The office sees the first open at once.
    await expect(sent.getByText('Not opened yet')).toHaveCount(0);

    // A question first: kept with the quote, and the office sees it.
    await customer.getByLabel('Your question').fill('Does the price include the gutters?');
    await customer.getByRole('button', { name: 'Send question' }).click();
    await expect(customer.getByText('Thank you, we received your question')).toBeVisible();
    await expect(
      sent
        .getByRole('list', { name: 'Questions from the customer' })
        .getByText('Does the price include the gutters?'),
    ).toBeVisible();
    // Staff looking at the admin are told at once, and the card says a question waits.
    await expect(admin.toast(/^Question about a quote: .+ asked a question about their quote/)).toBeVisible();
    await expect(card.getByText('A question from the customer to answer')).toBeVisible();
    // The question reaches the requests inbox too, with the way to answer it.
    const inbox = await page.context().newPage();
    await inbox.goto(`/admin/requests?q=${encodeURIComponent(submission.email!)}`);
    await inbox
      .getByRole('row', { name })
      .getByRole('link', { name: 'Question on the quote: “Does the price include the gutters?” Answer it' })
      .click();
    await expect(inbox.getByRole('dialog', { name: `Submission from ${name}` })).toBeVisible();
    await inbox.close();
    // No e-mail or texts here: the answer form says so, and staff record the answer they phoned in.
    const answerForm = sent.getByRole('form', { name: 'Answer the question' });
    await expect(answerForm.getByText(/call the customer or copy the answer/)).toBeVisible();
    await expect(answerForm.getByRole('button', { name: 'Send answer' })).toHaveCount(0);
    await answerForm.getByLabel('Your answer').fill('Yes, the gutters are included.');
    await answerForm.getByRole('button', { name: 'Answered by phone' }).click();
    await expect(sent.getByLabel('Answer').getByText('Yes, the gutters are included.')).toBeVisible();
    await expect(sent.getByText(/Answered by phone \(nothing sent from here\)/)).toBeVisible();
    await expect(card.getByText('A question from the customer to answer')).toHaveCount(0);

    // Accepting takes the customer's typed name and a tick.
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    await expect(customer.getByText('Type your full name to accept')).toBeVisible();
    await customer.getByLabel('Your full name').fill(name);
    await customer.getByLabel('I accept this quote, its total and its terms').check();
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    await expect(
      customer.getByRole('status').filter({ hasText: 'You accepted this quote on' }),
    ).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // Without a reload: the acceptance arrived as an event, was announced, and the dialog and card refetched.
  await expect(
    admin.toast(/^Quote accepted: .+ accepted their quote \(\$1,480\): book the job/),
  ).toBeVisible();
  await expect(sent.getByText('The customer accepted this quote')).toBeVisible();
  await expect(sent.getByText('Lead: Won')).toBeVisible();
  await expect(sent.getByText('Not accepted')).toHaveCount(0);
  await sent.getByRole('button', { name: 'Book the job' }).click();
  const booking = page.getByRole('dialog', { name: 'Schedule Appointment' });
  await expect(booking.getByLabel('Customer Name')).toHaveValue(name);
  await expect(booking.getByLabel('Phone Number')).toHaveValue('(707) 555-0166');
  await expect(booking.getByLabel('Address')).toHaveValue('8 Briceland Rd, Redway, CA');
  await expect(booking.getByLabel('Service Type')).toHaveValue('roof-cleaning');
  await expect(booking.getByLabel('Notes (optional)')).toHaveValue(/\$1,480/);
  // The card behind the dialogs says it too.
  await expect(card.getByText(/^Quote accepted /)).toBeVisible();

  // The customer's timeline tells the quote's story under the submission it answered.
  const found = await page.request.get(`/api/customers?q=${encodeURIComponent(submission.email!)}`);
  const [customer] = (await found.json()) as { id: number }[];
  await page.goto(`/admin/customers/${customer!.id}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  // Newest first: this run's submission (the phone number is shared by every run of this test).
  const quotes = timeline
    .getByRole('listitem', { name: 'Photo submission: Roof Cleaning' })
    .first()
    .getByRole('list', { name: 'Quotes sent' });
  await expect(quotes.getByRole('listitem')).toHaveText([
    /^Quote of \$1,480 sent .+ by .+ · opened .+ · accepted .+Asked .+: Does the price include the gutters\?Answered .+: Yes, the gutters are included\.$/,
  ]);

  // The inbox names who won the lead: the customer, by accepting online (no staff member did).
  await page.goto(`/admin/requests?q=${encodeURIComponent(submission.email!)}`);
  const lead = page.getByRole('row', { name });
  await expect(lead.getByRole('combobox', { name: `Stage of ${name}` })).toHaveValue('won');
  await expect(lead.getByRole('button', { name: 'Won by the customer' })).toBeVisible();
});
