import PDFDocument from 'pdfkit';
import { date, escape, layout } from './pages';
import { formatMoney, invoicePdfPath, TEST_TAX_LABEL } from './shapes';
import type { Customer, Invoice } from './store';

const STATUS_LABELS: Record<Invoice['status'], string> = { paid: 'Paid', open: 'Payment due', draft: 'Draft' };

/** The figures both documents show, in the order Stripe's invoice lays them out (discount and tax when there are any). */
function summary(invoice: Invoice) {
  const rows: Array<readonly [string, string]> = [['Subtotal', formatMoney(invoice.subtotal, invoice.currency)]];
  if (invoice.discount_amount > 0) rows.push(['Discount', `-${formatMoney(invoice.discount_amount, invoice.currency)}`]);
  rows.push([invoice.automatic_tax ? TEST_TAX_LABEL : 'Tax', formatMoney(invoice.tax, invoice.currency)]);
  rows.push(['Total', formatMoney(invoice.total, invoice.currency)]);
  rows.push(['Amount paid', formatMoney(invoice.amount_paid, invoice.currency)]);
  rows.push(['Amount due', formatMoney(invoice.amount_due - invoice.amount_paid, invoice.currency)]);
  return rows;
}

/** Stripe's hosted invoice page: what was billed, its status and a link to the PDF. */
export function hostedInvoicePage(invoice: Invoice, customer: Customer | undefined): string {
  const title = `Invoice ${invoice.number ?? invoice.id}`;
  const rows = summary(invoice)
    .map(([label, value]) => `<tr><th scope="row">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join('');
  return layout(
    title,
    `<h1>${escape(title)}</h1>
<p>Status: <strong>${escape(STATUS_LABELS[invoice.status])}</strong> · Issued ${date(invoice.created)}</p>
<p>Billed to ${escape(customer?.email ?? invoice.customer)}</p>
<section><h2>${escape(invoice.line?.description ?? 'Payment')}</h2>
${invoice.line && invoice.line.period_end > invoice.line.period_start ? `<p>${date(invoice.line.period_start)} to ${date(invoice.line.period_end)}</p>` : ''}
<table>${rows}</table></section>
<p><a href="${escape(invoicePdfPath(invoice.id))}" download>Download invoice (PDF)</a></p>`,
  );
}

/** The invoice as a PDF (pdfkit's built-in Helvetica: nothing is fetched to draw it). */
export function invoicePdf(invoice: Invoice, customer: Customer | undefined): Promise<Buffer> {
  const title = `Invoice ${invoice.number ?? invoice.id}`;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Agentdock (local test mode)' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  doc.text(`Status: ${STATUS_LABELS[invoice.status]}`);
  doc.text(`Date of issue: ${date(invoice.created)}`);
  doc.text(`Billed to: ${customer?.email ?? invoice.customer}`);
  doc.text('From: Agentdock (local test mode)');
  doc.moveDown();
  doc.font('Helvetica-Bold').text(invoice.line?.description ?? 'Payment');
  doc.font('Helvetica');
  if (invoice.line && invoice.line.period_end > invoice.line.period_start) doc.text(`${date(invoice.line.period_start)} to ${date(invoice.line.period_end)}`);
  doc.moveDown();
  for (const [label, value] of summary(invoice)) doc.text(`${label}: ${value}`);
  doc.end();
  return done;
}
