/**
 * The sandbox provider's hosted page: a small server-rendered HTML form (no script, so the strict CSP of
 * server/http/security-headers.ts holds) with its stylesheet. Labelled "Sandbox" at the top; lists Stripe's test
 * numbers. Accessible: a labelled form, an alert for the refusal, visible focus, enough contrast.
 */
import { SANDBOX_ERRORS, type SandboxErrorKey } from './sandbox';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const isSandboxError = (key: string | undefined): key is SandboxErrorKey =>
  !!key && Object.hasOwn(SANDBOX_ERRORS, key);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/sandbox/payments/sandbox.css">
</head>
<body>
<div class="banner" role="note"><strong>Sandbox</strong> payments provider: no real card is stored or charged.</div>
<main>
${body}
</main>
</body>
</html>
`;

export interface SandboxPageInput {
  sessionId: string;
  workspaceName: string;
  cancelUrl: string;
  error?: SandboxErrorKey;
}

export function sandboxFormPage({ sessionId, workspaceName, cancelUrl, error }: SandboxPageInput): string {
  const action = `/sandbox/payments/setup/${encodeURIComponent(sessionId)}`;
  const alert = error ? `<p class="error" role="alert" id="form-error">${escape(SANDBOX_ERRORS[error])}</p>` : '';
  const described = error ? ' aria-describedby="form-error"' : '';
  return layout(
    'Add a payment method · Sandbox',
    `<h1>Add a payment method</h1>
<p class="lead">For <strong>${escape(workspaceName)}</strong> on Questboard.</p>
${alert}
<form method="post" action="${escape(action)}"${described}>
  <label for="name">Name on card</label>
  <input id="name" name="name" autocomplete="cc-name" maxlength="100" required>
  <label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242" required>
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" maxlength="7" placeholder="12/34" required></div>
    <div><label for="cvc">CVC</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" required></div>
  </div>
  <div class="actions">
    <button type="submit">Save card</button>
    <a href="${escape(cancelUrl)}">Cancel and go back to Billing</a>
  </div>
</form>
<section aria-labelledby="test-cards">
<h2 id="test-cards">Test card numbers</h2>
<ul>
<li><code>4242 4242 4242 4242</code> Visa, succeeds</li>
<li><code>5555 5555 5555 4444</code> Mastercard, succeeds</li>
<li><code>3782 822463 10005</code> American Express, succeeds (4-digit CVC)</li>
<li><code>4000 0000 0000 0002</code> Visa, declined</li>
<li><code>4000 0000 0000 9995</code> Visa, insufficient funds</li>
</ul>
<p>Any future expiry date and any CVC work.</p>
</section>`,
  );
}

export function sandboxClosedPage(backUrl: string): string {
  return layout(
    'Setup page closed · Sandbox',
    `<h1>Add a payment method</h1>
<p class="error" role="alert">${escape(SANDBOX_ERRORS.session)}</p>
<p><a href="${escape(backUrl)}">Go back to Questboard</a></p>`,
  );
}

export const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
.banner{background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;padding:.6rem 1rem;text-align:center;font-size:.95rem}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px rgba(15,23,42,.12)}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1rem;margin:1.75rem 0 .5rem}
.lead{margin:0 0 1rem;color:#334155}
label{display:block;font-weight:600;font-size:.9rem;margin:.9rem 0 .3rem}
input{width:100%;padding:.6rem .75rem;border:1px solid #64748b;border-radius:.5rem;font-size:1rem;color:#0f172a;background:#fff}
input:focus,button:focus,a:focus{outline:3px solid #4f46e5;outline-offset:2px}
.row{display:flex;gap:1rem}.row>div{flex:1}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;margin-top:1.4rem}
button{background:#4338ca;color:#fff;border:0;border-radius:.5rem;padding:.65rem 1.2rem;font-size:1rem;font-weight:600;cursor:pointer}
button:hover{background:#3730a3}
a{color:#4338ca}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fca5a5;border-radius:.5rem;padding:.6rem .75rem}
ul{padding-left:1.2rem;margin:.25rem 0}li{margin:.2rem 0;font-size:.92rem}
code{background:#eef2ff;color:#312e81;padding:.05rem .3rem;border-radius:.25rem}
`;
