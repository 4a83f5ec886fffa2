/**
 * The invoice document (Payment History → Download): a real PDF made with pdfkit from the invoice row, the charges
 * it settled, the seller's block and the workspace's billing details (docs/billing.md §Entities customer details). A paid invoice says
 * what was paid and when; any other says what is due. Uncompressed, and the transaction id is in the document's title
 * and subject as well as on the page, so the file can be checked by its bytes.
 */
import PDFDocument from 'pdfkit';
import { formatDollars } from '../../../src/contracts/billing';

/** Who issues the invoices: the operator's company (INVOICE_SELLER_*, docs/billing.md §Decisions). */
export interface InvoiceSeller {
  name: string;
  lines: readonly string[];
  email: string;
}

/** The workspace's billing details as kept on its billing account; any part may be missing. */
export interface InvoiceCustomer {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

export interface InvoiceDocument {
  seller: InvoiceSeller;
  id: string;
  workspaceName: string;
  customer: InvoiceCustomer | null;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  status: string;
  /** When a paid invoice was paid (null: not recorded, or not paid). */
  paidAt: Date | null;
  amountCents: number;
  creditsAppliedCents: number;
  paymentMethod: string | null;
  lines: { description: string; amountCents: number; createdAt: Date }[];
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (cents: number) => formatDollars(cents / 100);
const countryName = (code: string) => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

/** The "Billed to" block: the billing name (else the workspace's), the workspace, and the postal address lines. */
export function billedToLines(workspaceName: string, customer: InvoiceCustomer | null): string[] {
  const name = customer?.name?.trim() || workspaceName;
  const lines = [name];
  if (name !== workspaceName) lines.push(`Workspace: ${workspaceName}`);
  if (!customer) return lines;
  const cityLine = [customer.city, customer.postalCode].filter((part) => part?.trim()).join(' ');
  for (const line of [
    customer.line1,
    customer.line2,
    cityLine,
    customer.country ? countryName(customer.country) : null,
  ]) {
    if (line?.trim()) lines.push(line.trim());
  }
  return lines;
}

export function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: {
      Title: `Questboard invoice ${doc.id}`,
      Subject: `Invoice ${doc.id} for ${doc.workspaceName}`,
      Author: 'Questboard',
      Producer: 'Questboard billing',
      CreationDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const paid = doc.status.toLowerCase() === 'paid';
  const left = 56;
  const right = 320;
  const width = 219;

  // Heading, with the seller's block on the right.
  const top = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(22).fillColor('#312e81').text('Questboard', left, top);
  pdf
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#475569')
    .text(paid ? 'Invoice (paid)' : 'Invoice');
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#0f172a')
    .text(doc.seller.name, right, top, { width, align: 'right' });
  pdf.font('Helvetica').fillColor('#334155');
  for (const line of [...doc.seller.lines, doc.seller.email]) pdf.text(line, right, pdf.y, { width, align: 'right' });

  // Billed to, and the invoice's facts.
  pdf.moveDown(2);
  const blockTop = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(10).fillColor('#475569').text('Billed to', left, blockTop);
  pdf.font('Helvetica').fontSize(11).fillColor('#0f172a');
  for (const line of billedToLines(doc.workspaceName, doc.customer)) pdf.text(line, left, pdf.y, { width: 240 });
  const afterCustomer = pdf.y;

  const facts: [string, string][] = [
    ['Invoice number', doc.id],
    ['Issued', day(doc.issuedAt)],
    ['Service period', `${day(doc.periodStart)} to ${day(doc.periodEnd)}`],
    ['Status', paid ? 'Paid' : doc.status],
    ...(paid ? [['Paid on', day(doc.paidAt ?? doc.issuedAt)] as [string, string]] : []),
    ['Payment method', doc.paymentMethod ?? 'Manual invoice'],
  ];
  pdf.y = blockTop;
  pdf.fontSize(10);
  for (const [label, value] of facts) {
    pdf
      .font('Helvetica-Bold')
      .text(`${label}: `, right, pdf.y, { width, continued: true })
      .font('Helvetica')
      .text(value);
  }
  pdf.y = Math.max(pdf.y, afterCustomer);

  pdf.moveDown(1.5).font('Helvetica-Bold').fontSize(11).text('Charges', left);
  pdf.moveDown(0.4).font('Helvetica').fontSize(10);
  if (doc.lines.length === 0) pdf.text('Quest step completions for the period', left);
  for (const line of doc.lines) {
    const y = pdf.y;
    pdf.text(`${day(line.createdAt)}  ${line.description}`, left, y, { width: 360 });
    pdf.text(money(line.amountCents), 420, y, { width: 119, align: 'right' });
  }
  const subtotal = doc.amountCents + doc.creditsAppliedCents;
  pdf.moveDown(1).fontSize(11);
  const total = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left, y, { width: 360 });
    pdf.text(value, 420, y, { width: 119, align: 'right' });
  };
  total('Subtotal', money(subtotal));
  total('Credits applied', money(-doc.creditsAppliedCents));
  total(paid ? 'Amount paid' : 'Amount due', money(doc.amountCents), true);
  pdf
    .moveDown(2)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#64748b')
    .text(`${doc.seller.name} · ${doc.seller.email} · Amounts in US dollars.`, left);
  pdf.end();
  return finished;
}
