// The fake Stripe's hosted Checkout page: plain HTML that works at 390 px, the amount, the line
// items and the two ways to pay. Pressing a button POSTs to the fake, which completes the session
// and redirects to success_url; "Back" is a link to cancel_url, as on Stripe's page.

export interface PageLine {
  name: string;
  amountCents: number;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

export function checkoutPage(s: {
  id: string;
  status: string;
  amountCents: number;
  lines: PageLine[];
  cancelUrl: string;
}): string {
  const body =
    s.status === 'open'
      ? `<p class="total" data-testid="amount">${dollars(s.amountCents)}</p>
  <ul>${s.lines.map((l) => `<li><span>${escape(l.name)}</span> <span>${dollars(l.amountCents)}</span></li>`).join('')}</ul>
  <form method="post" action="/checkout/${escape(s.id)}/pay">
    <button name="method" value="card" type="submit">Pay with card</button>
    <button name="method" value="us_bank_account" type="submit">Pay with bank account</button>
  </form>`
      : `<p role="status">${s.status === 'complete' ? 'This payment is complete.' : 'This checkout has expired.'}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay — test checkout</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 16px; max-width: 480px; }
  .total { font-size: 2rem; font-weight: 600; margin: 8px 0 16px; }
  ul { list-style: none; padding: 0; } li { display: flex; justify-content: space-between; padding: 6px 0; }
  button { display: block; width: 100%; min-height: 48px; margin: 12px 0; font-size: 1rem; }
  a { display: inline-block; min-height: 44px; line-height: 44px; }
</style></head>
<body><main>
  <h1>Test checkout</h1>
  ${body}
  <a href="${escape(s.cancelUrl)}">Back</a>
</main></body></html>`;
}
