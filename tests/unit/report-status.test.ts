// The report builder's one status line (docs/analyze.md §Screens and routes text 'Last changed {relative time}'; one message at a time).
import { describe, expect, it } from 'vitest';
import { reportStatusText } from '../../src/views/analyze/report-status';

describe('report status line', () => {
  it('a new report says only that it is not saved yet, edited or not', () => {
    expect(reportStatusText({ saved: false, dirty: false, lastChanged: '' })).toBe('Not saved yet');
    expect(reportStatusText({ saved: false, dirty: true, lastChanged: 'a few seconds ago' })).toBe('Not saved yet');
  });

  it('a saved report as saved shows when it last changed', () => {
    expect(reportStatusText({ saved: true, dirty: false, lastChanged: '3 minutes ago' })).toBe(
      'Last changed 3 minutes ago',
    );
    expect(reportStatusText({ saved: true, dirty: false, lastChanged: '' })).toBe('');
  });

  it('a saved report with edits says so on the same line', () => {
    expect(reportStatusText({ saved: true, dirty: true, lastChanged: 'a few seconds ago' })).toBe(
      'Unsaved changes · Last changed a few seconds ago',
    );
    expect(reportStatusText({ saved: true, dirty: true, lastChanged: '' })).toBe('Unsaved changes');
  });
});
