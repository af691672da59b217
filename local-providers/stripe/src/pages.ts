import type { StripeEngine } from './engine';
import { formatMoney as money, TEST_TAX_LABEL } from './shapes';
import type { CheckoutSession, PortalSession } from './store';

export const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export const date = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}
.badge{display:inline-block;background:#ffe9a8;border-radius:4px;padding:2px 6px;font-size:.8rem}
label{display:block;margin:.75rem 0 .25rem}input,select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:6px;cursor:pointer}
[role=alert]{background:#fde8e8;color:#9b1c1c;padding:.75rem;border-radius:6px}
section{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
</style></head><body><p class="badge">Test mode: local payment provider</p>${body}</body></html>`;
}

/** The hosted checkout; with `authenticateCard`, the 3-D Secure challenge for that card instead of the card form. */
/**
 * What is bought, as Stripe Checkout's summary shows it: the product, the price and its period
 * (an annual price also per month, as the product quotes it).
 */
function orderSummary(session: CheckoutSession, engine: StripeEngine): string {
  const price = engine.store.priceFor(session.price);
  const name = (price && engine.store.productNames.get(price.product)) || 'your order';
  const listPrice = price?.unit_amount ?? session.amount_total;
  const total = money(price ? listPrice * session.quantity : listPrice, session.currency);
  if (price?.recurring && session.quantity > 1) {
    return `<h1>Subscribe to ${escape(name)}</h1><p class="price">${escape(total)} per ${price.recurring.interval} (${session.quantity} × ${escape(money(listPrice, session.currency))})</p>`;
  }
  if (!price?.recurring) return `<h1>Pay for ${escape(name)}</h1><p class="price">${escape(total)}, paid once</p>`;
  const perYear = price.recurring.interval === 'year';
  return `<h1>Subscribe to ${escape(name)}</h1><p class="price">${escape(total)} per ${perYear ? 'year' : 'month'}${
    perYear ? ` (${escape(money(Math.round(listPrice / 12), session.currency))} per month, billed annually)` : ''
  }</p>${session.trialDays > 0 ? `<p class="trial">${session.trialDays} days free, then ${escape(total)} per ${perYear ? 'year' : 'month'}</p>` : ''}`;
}

/** Checkout's quantity stepper, shown when the session's line item has an adjustable quantity. */
function quantityField(session: CheckoutSession): string {
  const bounds = session.adjustableQuantity;
  if (!bounds) return '';
  return `<label for="quantity">Quantity</label>
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="${bounds.minimum}" max="${bounds.maximum}" value="${session.quantity}" required>`;
}

/** Subtotal, discount, tax and what is due today, shown once a code, tax or a trial changes the total. */
function totals(session: CheckoutSession, engine: StripeEngine): string {
  const { charge } = session;
  if (!session.discount && !session.automaticTax && session.trialDays === 0) return '';
  const code = session.discount?.promotion_code ? engine.store.promotionCodes.get(session.discount.promotion_code)?.code : null;
  const coupon = session.discount ? engine.store.coupons.get(session.discount.coupon) : undefined;
  const rows: Array<[string, string]> = [['Subtotal', money(charge.subtotal, session.currency)]];
  if (session.discount) rows.push([`Discount${code ? ` (${code})` : ''}${coupon?.name ? ` · ${coupon.name}` : ''}`, `−${money(charge.discount, session.currency)}`]);
  if (session.automaticTax) rows.push([TEST_TAX_LABEL, money(charge.tax, session.currency)]);
  rows.push(['Total due today', money(charge.total, session.currency)]);
  return `<table aria-label="Order total">${rows.map(([label, value]) => `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`).join('')}</table>`;
}

/** The promotion-code form of a session that allows codes (applied before paying, as Checkout does). */
function promotionForm(session: CheckoutSession): string {
  if (!session.allowPromotionCodes) return '';
  return `<form method="post" aria-label="Promotion code"><label for="promotionCode">Promotion code</label>
<input id="promotionCode" name="promotionCode" autocomplete="off" required>
<button type="submit" name="action" value="promotion">Apply</button></form>`;
}

/** Billing address (and tax id) fields, when the session collects them; kept as hidden fields through 3-D Secure. */
function addressFields(session: CheckoutSession, engine: StripeEngine, details: CheckoutDetails, hidden: boolean): string {
  const fields: Array<[string, string, string, boolean]> = [];
  if (engine.asksAddress(session)) {
    fields.push(['country', 'Country (two-letter code, e.g. US)', details.country ?? '', true]);
    fields.push(['postalCode', 'Postal code', details.postalCode ?? '', false]);
  }
  if (session.taxIdCollection) fields.push(['taxId', 'Tax ID (optional, for a business purchase)', details.taxId ?? '', false]);
  return fields
    .map(([name, label, value, required]) =>
      hidden
        ? `<input type="hidden" name="${name}" value="${escape(value)}">`
        : `<label for="${name}">${escape(label)}</label><input id="${name}" name="${name}" value="${escape(value)}"${required ? ' required' : ''}>`,
    )
    .join('');
}

export interface CheckoutDetails {
  country?: string;
  postalCode?: string;
  taxId?: string;
}

export function checkoutPage(session: CheckoutSession, engine: StripeEngine, error: string | null, authenticateCard: string | null = null, details: CheckoutDetails = {}): string {
  if (session.status !== 'open') return layout('Checkout', '<h1>This checkout session is no longer open.</h1>');
  const heading = orderSummary(session, engine);
  const cardOptional = engine.cardOptional(session);
  if (authenticateCard !== null) {
    return layout(
      'Authenticate payment',
      `${heading}
<section aria-labelledby="auth-title"><h2 id="auth-title">Authenticate this payment</h2>
<p>Your bank asks you to confirm this payment. This test page stands in for the bank's 3-D Secure check.</p>
<form method="post"><input type="hidden" name="cardNumber" value="${escape(authenticateCard)}">${addressFields(session, engine, details, true)}
<button type="submit" name="authentication" value="complete">Complete authentication</button>
<button type="submit" name="authentication" value="fail">Fail authentication</button></form></section>`,
    );
  }
  return layout(
    'Checkout',
    `${heading}
${error ? `<p role="alert">${escape(error)}</p>` : ''}
${totals(session, engine)}
${promotionForm(session)}
<form method="post">${quantityField(session)}<label for="cardNumber">Card number${cardOptional ? ' (optional during the free trial)' : ''}</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"${cardOptional ? '' : ' required'}>
${addressFields(session, engine, details, false)}
<p>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved but declined when charged (replace a card with it in the portal to fail the next renewal); 4000 0027 6000 3184 asks for 3-D Secure on every charge, so its renewals fail; 4000 0025 0000 3155 asks for 3-D Secure authentication.</p>
<button type="submit">${session.trialDays > 0 ? 'Start trial' : 'Pay'}</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>`,
  );
}

export function portalPage(session: PortalSession, engine: StripeEngine, error: string | null): string {
  const subscriptions = engine.listSubscriptions({ customer: session.customer, status: 'all' });
  const prices = engine.portalPrices();
  const cards = subscriptions
    .map((sub) => {
      const item = sub.items.data[0];
      if (!item) return '';
      const live = sub.status !== 'canceled';
      return `<section><h2>${escape(engine.store.productNames.get(item.price.product) || item.price.id)}</h2>
<p>Status: ${escape(sub.status.replace(/_/g, ' '))} · ${escape(money(item.price.unit_amount, item.price.currency))} / ${escape(item.price.recurring?.interval ?? 'month')}</p>
<p>Current period: ${date(item.current_period_start)} to ${date(item.current_period_end)}</p>
${sub.cancel_at_period_end ? '<p>Cancels at the end of the current period.</p>' : ''}
${live && !sub.cancel_at_period_end ? `<form method="post"><input type="hidden" name="subscription" value="${escape(sub.id)}"><button name="action" value="cancel">Cancel subscription</button></form>` : ''}
${
  live && prices.some((price) => price.id === item.price.id)
    ? `<form method="post"><input type="hidden" name="subscription" value="${escape(sub.id)}"><label for="price-${escape(sub.id)}">Switch plan</label>
<select id="price-${escape(sub.id)}" name="price">${prices
        .filter((price) => price.id !== item.price.id)
        .map(
          (price) =>
            `<option value="${escape(price.id)}">${escape(engine.store.productNames.get(price.product) ?? price.id)}, ${escape(money(price.unit_amount, price.currency))} per ${escape(price.recurring?.interval ?? 'month')} (${escape(price.id)})</option>`,
        )
        .join('')}</select>
<button name="action" value="switch">Switch plan</button></form>`
    : ''
}</section>`;
    })
    .join('');
  return layout(
    'Billing portal',
    `<h1>Billing portal</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
${cards || '<p>No subscriptions.</p>'}
<section><h2>Payment method</h2><form method="post"><label for="cardNumber">New card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" required><button name="action" value="card">Replace card</button></form></section>
<p><a href="${escape(session.return_url)}">Return</a></p>`,
  );
}
