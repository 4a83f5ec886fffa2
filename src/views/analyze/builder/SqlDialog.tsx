/** 'View SQL': the compiled SQL of the last run with its bound values listed beside it (values are never inlined). */
import type { CompiledSql } from '../../../contracts/analyze';
import { Modal } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { notify } from '../../../services/notify';
import { COPY_FAILED } from '../../../lib/exports';

const showValue = (v: unknown) =>
  Array.isArray(v) ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]` : JSON.stringify(v);

/** The SQL with its bound values as a comment block, ready to paste into a console. */
const sqlWithValues = (compiled: CompiledSql) =>
  `${compiled.sql}\n${Object.entries(compiled.params)
    .map(([name, value]) => `-- ${name} = ${showValue(value)}`)
    .join('\n')}\n`;

async function copySql(compiled: CompiledSql) {
  try {
    await navigator.clipboard.writeText(sqlWithValues(compiled));
    notify('SQL copied to clipboard.', 'success', 2000);
  } catch {
    notify(COPY_FAILED, 'error');
  }
}

export function SqlDialog({
  open,
  compiled,
  onClose,
}: {
  open: boolean;
  compiled: CompiledSql | null;
  onClose: () => void;
}) {
  const params = compiled ? Object.entries(compiled.params) : [];
  return (
    <Modal
      open={open}
      title="SQL"
      onClose={onClose}
      size="xl"
      footer={
        <>
          {compiled && (
            <Button variant="secondary" onClick={() => void copySql(compiled)}>
              Copy SQL
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {!compiled ? (
        <p className="text-sm text-slate-600">
          The compiled SQL is not available for this report yet. Run the report to see it.
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium text-slate-500">
              Query{compiled.dialect ? ` (${compiled.dialect})` : ''}
            </p>
            <pre
              className="max-h-[55vh] overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
              tabIndex={0}
              aria-label="Compiled SQL"
            >
              {compiled.sql}
            </pre>
          </div>
          <div className="min-w-0">
            <p className="mb-1 text-xs font-medium text-slate-500">Bound values</p>
            {params.length === 0 ? (
              <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-500">This query has no bound values.</p>
            ) : (
              <dl
                aria-label="Bound values"
                className="max-h-[55vh] space-y-1.5 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs"
              >
                {params.map(([name, value]) => (
                  <div key={name} className="break-all">
                    <dt className="inline font-semibold text-indigo-700 after:text-slate-600 after:content-['_=_']">
                      {name}
                    </dt>
                    <dd className="inline text-slate-800">{showValue(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
