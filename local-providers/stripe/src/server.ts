import express, { type NextFunction, type Request, type Response } from 'express';
import { type EngineOptions, StripeApiError, StripeEngine } from './engine';
import { idempotentRequests } from './idempotency';
import { hostedInvoicePage, invoicePdf } from './invoice-documents';
import { checkoutPage, portalPage } from './pages';
import { allow, expandOf, list, LIST_PARAMS, param } from './api-helpers';
import { promotionRoutes } from './promotion-routes';
import { toCheckoutSession, toCustomer, toPortalSession, toPrice, toTestClock } from './shapes';
import { newId } from './store';

export interface LocalStripeOptions extends EngineOptions {
  /** The secret key clients must send as a Bearer token (like Stripe's `sk_test_…`). */
  secretKey: string;
}

/**
 * The subset of Stripe's HTTP API that svc-billing calls (form-encoded requests, Stripe's JSON
 * objects and error shape), the hosted checkout and portal pages, and a test-clock endpoint.
 */
export function createLocalStripeApp(options: LocalStripeOptions): { app: express.Express; engine: StripeEngine } {
  const engine = new StripeEngine(options);
  const app = express();
  app.disable('x-powered-by');
  // `expand[0]=…` in a GET's query, as the SDK writes it, read as a list (Express 5 parses queries flat by default).
  app.set('query parser', 'extended');
  // Stripe's SDK sends nested params as `a[b][0][c]=v`: the extended parser reads them as objects.
  app.use(express.urlencoded({ extended: true, limit: '100kb' }));
  app.use(express.json({ limit: '100kb' }));

  const api = express.Router();
  // Every answer of Stripe's API names its request, which support and logs refer to.
  api.use((_req, res, next) => {
    res.set('Request-Id', newId('req'));
    next();
  });
  api.use((req, _res, next) => {
    // Stripe takes the key as a Bearer token or as the user name of Basic auth (`curl -u sk_…:`).
    const authorization = req.get('authorization') ?? '';
    const basic = authorization.startsWith('Basic ') ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0] : null;
    if (authorization !== `Bearer ${options.secretKey}` && basic !== options.secretKey) {
      throw new StripeApiError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided.');
    }
    next();
  });
  api.use(idempotentRequests());
  // Stripe refuses parameters an endpoint does not take; a typo must not pass silently here either.
  api.post('/customers', allow('email', 'metadata', 'test_clock', 'name', 'description'), (req, res) => res.json(toCustomer(engine.createCustomer(req.body ?? {}))));
  api.get('/customers/:id', allow(), (req, res) => res.json(toCustomer(engine.customer(param(req, 'id')))));
  api.post(
    '/checkout/sessions',
    allow(
      'mode',
      'customer',
      'client_reference_id',
      'success_url',
      'cancel_url',
      'line_items',
      'metadata',
      'subscription_data',
      'payment_method_types',
      'invoice_creation',
      'payment_method_collection',
      'allow_promotion_codes',
      'discounts',
      'automatic_tax',
      'tax_id_collection',
      'billing_address_collection',
      'customer_update',
    ),
    (req, res) => res.json(toCheckoutSession(engine.createCheckoutSession(req.body ?? {}))),
  );
  api.get('/checkout/sessions/:id', allow(), (req, res) => res.json(engine.present(engine.session(param(req, 'id')))));
  api.post('/billing_portal/sessions', allow('customer', 'return_url'), (req, res) => {
    const customer = engine.customer(String(req.body?.customer ?? ''));
    const id = newId('bps');
    const session = {
      id,
      object: 'billing_portal.session' as const,
      customer: customer.id,
      return_url: String(req.body?.return_url ?? ''),
      url: `${options.publicUrl}/portal/${id}`,
      created: engine.store.now(),
    };
    engine.store.portals.set(id, session);
    res.json(toPortalSession(session));
  });
  api.get('/subscriptions', allow('customer', 'status', 'price', ...LIST_PARAMS), (req, res) => {
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    const customer = typeof req.query.customer === 'string' ? req.query.customer : undefined;
    res.json(
      list(
        '/v1/subscriptions',
        engine.listSubscriptions({ customer, status }).map((sub) => engine.present(sub, expandOf(req))),
        req,
      ),
    );
  });
  api.get('/subscriptions/:id', allow(), (req, res) => res.json(engine.present(engine.subscription(param(req, 'id')), expandOf(req))));
  api.post('/subscriptions/:id', allow('cancel_at_period_end', 'items', 'metadata', 'proration_behavior', 'cancellation_details'), async (req, res) =>
    res.json(engine.present(await engine.updateSubscription(param(req, 'id'), req.body ?? {}), expandOf(req))),
  );
  api.delete('/subscriptions/:id', allow('invoice_now', 'prorate', 'cancellation_details'), async (req, res) => res.json(engine.present(await engine.cancelNow(param(req, 'id')))));
  api.get('/prices', allow('active', 'currency', 'product', 'type', ...LIST_PARAMS), (req, res) => {
    const type = req.query.type;
    const prices = [...engine.store.prices.values()].filter((price) => type === undefined || (type === 'recurring') === (price.recurring !== null));
    res.json(list('/v1/prices', prices.map(toPrice), req));
  });
  api.get('/invoices', allow('customer', 'subscription', 'status', ...LIST_PARAMS), (req, res) => {
    const { customer, subscription, status } = req.query;
    const invoices = [...engine.store.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (status === undefined || invoice.status === status) &&
        (subscription === undefined || invoice.parent?.subscription_details.subscription === subscription),
    );
    res.json(
      list(
        '/v1/invoices',
        invoices.reverse().map((invoice) => engine.present(invoice)),
        req,
      ),
    );
  });
  api.get('/events', allow('type', 'types', 'delivery_success', ...LIST_PARAMS), (req, res) => {
    const { type } = req.query;
    const events = engine.delivered.map((record) => JSON.parse(record.payload) as { type: string });
    const wanted = typeof type === 'string' ? new RegExp(`^${type.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`) : null;
    res.json(list('/v1/events', events.filter((event) => !wanted || wanted.test(event.type)).reverse(), req));
  });
  api.get('/invoices/:id', allow(), (req, res) => res.json(engine.present(engine.invoice(param(req, 'id')))));
  api.post('/invoices/create_preview', allow('subscription', 'subscription_details', 'customer'), (req, res) => {
    const subscription = engine.subscription(String(req.body?.subscription ?? ''));
    const change = engine.itemChange(req.body?.subscription_details?.items?.[0]);
    res.json(engine.present(engine.previewInvoice(subscription, engine.proration(subscription, change), change.quantity)));
  });
  promotionRoutes(api, engine);
  api.post('/test_helpers/test_clocks', allow('frozen_time', 'name'), (req, res) => res.json(toTestClock(engine.createTestClock(req.body ?? {}))));
  api.get('/test_helpers/test_clocks/:id', allow(), (req, res) => res.json(toTestClock(engine.clock(param(req, 'id')))));
  api.post('/test_helpers/test_clocks/:id/advance', allow('frozen_time'), (req, res) => res.json(toTestClock(engine.advanceTestClock(param(req, 'id'), req.body ?? {}))));
  api.delete('/test_helpers/test_clocks/:id', allow(), (req, res) => res.json(engine.deleteTestClock(param(req, 'id'))));
  /**
   * Not Stripe's: moves the server's own clock for every customer without a test clock (the
   * launcher's customers), for trying renewals by hand. Stripe's test clocks are above.
   */
  api.post('/test_helpers/advance', allow('seconds'), async (req, res) => {
    const seconds = Number(req.body?.seconds);
    if (!Number.isInteger(seconds) || seconds <= 0) {
      throw new StripeApiError(400, 'invalid_request_error', 'parameter_invalid_integer', 'seconds must be a positive whole number', 'seconds');
    }
    await engine.advance(seconds);
    res.json({ object: 'test_helpers.test_clock', frozen_time: engine.store.now(), status: 'ready' });
  });
  app.use('/v1', api);

  app.get('/favicon.ico', (_req, res) => res.status(204).end());
  // The hosted invoice page and its PDF, linked from the invoice's hosted_invoice_url and invoice_pdf.
  const finalizedInvoice = (req: Request) => {
    const invoice = engine.store.invoices.get(param(req, 'id'));
    return invoice && invoice.status !== 'draft' ? invoice : null;
  };
  app.get('/i/:id', (req, res) => {
    const invoice = finalizedInvoice(req);
    if (!invoice) return void res.status(404).type('html').send('<p>This invoice does not exist.</p>');
    res.type('html').send(hostedInvoicePage(invoice, engine.store.customers.get(invoice.customer)));
  });
  app.get('/invoice/:id/pdf', async (req, res) => {
    const invoice = finalizedInvoice(req);
    if (!invoice) return void res.status(404).type('html').send('<p>This invoice does not exist.</p>');
    const pdf = await invoicePdf(invoice, engine.store.customers.get(invoice.customer));
    res
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`)
      .send(pdf);
  });
  app.get('/checkout/:id', (req, res) => res.type('html').send(checkoutPage(engine.session(param(req, 'id')), engine, null)));
  app.post('/checkout/:id', async (req, res) => {
    const session = engine.session(param(req, 'id'));
    const form = (req.body ?? {}) as Record<string, string | undefined>;
    const cardNumber = String(form.cardNumber ?? '');
    const answer = form.authentication;
    const details = { country: form.country, postalCode: form.postalCode, taxId: form.taxId };
    try {
      // "Add promotion code" applies the code and shows the discounted total before paying, as Checkout does.
      if (form.action === 'promotion') {
        engine.applyPromotionCode(session.id, String(form.promotionCode ?? ''));
        return void res.type('html').send(checkoutPage(session, engine, null));
      }
      await engine.payCheckout(session.id, cardNumber, answer === 'complete' || answer === 'fail' ? answer : null, { ...details, quantity: req.body?.quantity });
      // Stripe fills in the session id where the success URL asks for it.
      res.redirect(303, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      // Like Stripe's hosted page, a refused card is shown on the page itself, not as a failed load;
      // a 3-D Secure card first gets the bank's challenge.
      if (error.code === 'authentication_required') return void res.type('html').send(checkoutPage(session, engine, null, cardNumber, details));
      res.type('html').send(checkoutPage(session, engine, error.message));
    }
  });

  const portal = (req: Request) => engine.store.portals.get(param(req, 'id')) ?? null;
  app.get('/portal/:id', (req, res) => {
    const session = portal(req);
    if (!session) return void res.status(404).type('html').send('<p>This portal session has expired.</p>');
    res.type('html').send(portalPage(session, engine, null));
  });
  app.post('/portal/:id', async (req, res) => {
    const session = portal(req);
    if (!session) return void res.status(404).type('html').send('<p>This portal session has expired.</p>');
    const { action, subscription, price, cardNumber } = (req.body ?? {}) as Record<string, string | undefined>;
    try {
      const owned = subscription ? engine.subscription(subscription) : null;
      if (owned && owned.customer !== session.customer) throw new StripeApiError(404, 'invalid_request_error', 'resource_missing', 'No such subscription');
      if (action === 'cancel' && owned) await engine.updateSubscription(owned.id, { cancel_at_period_end: true });
      else if (action === 'switch' && owned) await engine.switchInPortal(owned.id, price ?? '');
      else if (action === 'card') await engine.replaceCard(session.customer, cardNumber ?? '');
      res.redirect(303, `/portal/${session.id}`);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      res
        .status(error.status)
        .type('html')
        .send(portalPage(session, engine, error.message));
    }
  });

  app.use((_req, _res, next) => next(new StripeApiError(404, 'invalid_request_error', 'resource_missing', 'Unrecognized request URL.')));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const known = error instanceof StripeApiError ? error : new StripeApiError(500, 'api_error', 'api_error', 'An unexpected error occurred.');
    res.status(known.status).json({ error: { type: known.type, code: known.code, message: known.message, ...(known.param ? { param: known.param } : {}) } });
  });
  return { app, engine };
}
