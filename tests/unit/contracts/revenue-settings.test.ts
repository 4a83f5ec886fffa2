/** The Revenue Settings dialog's choices (src/contracts/revenue-settings.ts): numbers for revenue, text for currency. */
import { describe, expect, it } from 'vitest';
import { revenueParameterChoices } from '../../../src/contracts/revenue-settings';

describe('revenueParameterChoices', () => {
  it('offers only numeric parameters as Revenue Parameter and only STRING ones as Currency Parameter', () => {
    const parameters = [
      { name: 'value', dataType: 'FLOAT64' },
      { name: 'quantity', dataType: 'INT64' },
      { name: 'currency', dataType: 'STRING' },
      { name: 'product_id', dataType: 'STRING' },
      { name: 'is_trial', dataType: 'BOOL' },
      { name: 'purchased_at', dataType: 'TIMESTAMP' },
    ];
    const choices = revenueParameterChoices(parameters);
    expect(choices.revenue.map((p) => p.name)).toEqual(['value', 'quantity']);
    expect(choices.currency.map((p) => p.name)).toEqual(['currency', 'product_id']);
  });
});
