/**
 * The invoice document (Payment History → Download): a real PDF made with pdfkit from the invoice row and the
 * charges it settled. Uncompressed, and the transaction id is in the document's title and subject as well as on the
 * page, so the file can be checked by its bytes.
 */
import PDFDocument from 'pdfkit';
import { formatDollars } from '../../src/contracts/billing';

export interface InvoiceDocument {
  id: string;
  workspaceName: string;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  status: string;
  amountCents: number;
  creditsAppliedCents: number;
  paymentMethod: string | null;
  lines: { description: string; amountCents: number; createdAt: Date }[];
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (cents: number) => formatDollars(cents / 100);

export function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `Questboard invoice ${doc.id}`, Subject: `Invoice ${doc.id} for ${doc.workspaceName}`, Author: 'Questboard', Producer: 'Questboard billing', CreationDate: doc.issuedAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(22).fillColor('#312e81').text('Questboard');
  pdf.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#475569').text('Invoice');
  pdf.moveDown(1.2).fillColor('#0f172a').fontSize(11);
  const facts: [string, string][] = [
    ['Invoice number', doc.id],
    ['Billed to', doc.workspaceName],
    ['Issued', day(doc.issuedAt)],
    ['Service period', `${day(doc.periodStart)} to ${day(doc.periodEnd)}`],
    ['Status', doc.status],
    ['Payment method', doc.paymentMethod ?? 'Manual invoice'],
  ];
  for (const [label, value] of facts) {
    pdf.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  pdf.moveDown(1.5).font('Helvetica-Bold').text('Charges');
  pdf.moveDown(0.4).font('Helvetica').fontSize(10);
  if (doc.lines.length === 0) pdf.text('Quest step completions for the period');
  for (const line of doc.lines) {
    const y = pdf.y;
    pdf.text(`${day(line.createdAt)}  ${line.description}`, 56, y, { width: 360 });
    pdf.text(money(line.amountCents), 420, y, { width: 119, align: 'right' });
  }
  const subtotal = doc.amountCents + doc.creditsAppliedCents;
  pdf.moveDown(1).fontSize(11);
  const total = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 56, y, { width: 360 });
    pdf.text(value, 420, y, { width: 119, align: 'right' });
  };
  total('Subtotal', money(subtotal));
  total('Credits applied', money(-doc.creditsAppliedCents));
  total('Amount due', money(doc.amountCents), true);
  pdf.moveDown(2).font('Helvetica').fontSize(9).fillColor('#64748b')
    .text('Questboard · support@questboard.io · Amounts in US dollars.', 56);
  pdf.end();
  return finished;
}
