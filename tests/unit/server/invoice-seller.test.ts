/**
 * The invoices' seller block comes from the operator's configuration (docs/billing.md §Decisions): the
 * defaults are Questboard's own details, INVOICE_SELLER_* replace them, and the PDF prints what is configured.
 */
import { describe, expect, test } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { invoicePdf } from '../../../server/areas/billing/billing-pdf';
import { pdfTextLines } from '../../server/pdf-text';

describe('invoice seller', () => {
  test('unset: Questboard’s own details', () => {
    expect(configFromEnv({}).invoiceSeller).toEqual({
      name: 'Questboard Ltd',
      lines: ['1 Quest Lane', 'London EC2A 4NE', 'United Kingdom'],
      email: 'support@questboard.io',
    });
  });

  test('INVOICE_SELLER_* replace them; the address splits on | and drops empty lines', () => {
    const seller = configFromEnv({
      INVOICE_SELLER_NAME: ' Acme Publishing GmbH ',
      INVOICE_SELLER_ADDRESS: 'Hauptstraße 1 | 10115 Berlin || Germany',
      INVOICE_SELLER_EMAIL: 'billing@acme.example',
    }).invoiceSeller;
    expect(seller).toEqual({
      name: 'Acme Publishing GmbH',
      lines: ['Hauptstraße 1', '10115 Berlin', 'Germany'],
      email: 'billing@acme.example',
    });
  });

  test('the PDF prints the configured seller', async () => {
    const seller = {
      name: 'Acme Publishing GmbH',
      lines: ['Hauptstraße 1', '10115 Berlin'],
      email: 'billing@acme.example',
    };
    const day = new Date('2026-10-01T00:00:00Z');
    const text = pdfTextLines(
      Buffer.from(
        await invoicePdf({
          seller,
          id: 'txn_1',
          workspaceName: 'Demo Studio',
          customer: null,
          issuedAt: day,
          periodStart: day,
          periodEnd: day,
          status: 'open',
          paidAt: null,
          amountCents: 1000,
          creditsAppliedCents: 0,
          paymentMethod: null,
          lines: [],
        }),
      ),
    );
    for (const line of ['Acme Publishing GmbH', 'Hauptstraße 1', '10115 Berlin', 'billing@acme.example'])
      expect(text).toContain(line);
    expect(text.join('\n')).not.toContain('Questboard Ltd');
  });
});
