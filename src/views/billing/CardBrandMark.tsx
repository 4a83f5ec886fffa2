/**
 * A card's brand as its mark (Visa's wordmark, Mastercard's two circles, the American Express box, Discover's
 * wordmark) beside the brand's name; any other brand is written out in full, never cut to four letters. Decorative:
 * the row's text names the brand.
 */
import { brandName } from './billingFormat';

const FRAME = 'flex h-9 w-14 shrink-0 items-center justify-center rounded-md ring-1 ring-inset';

export function CardBrandMark({ brand }: { brand: string }) {
  const id = brand.toLowerCase();
  const name = brandName(brand);
  if (id === 'visa') {
    return (
      <span aria-hidden="true" title={name} data-brand={id} className={`${FRAME} bg-white ring-slate-200`}>
        <span className="text-sm font-extrabold italic tracking-tight text-[#1a1f71]">VISA</span>
      </span>
    );
  }
  if (id === 'mastercard') {
    return (
      <span aria-hidden="true" title={name} data-brand={id} className={`${FRAME} bg-white ring-slate-200`}>
        <svg viewBox="0 0 38 24" className="h-6 w-9">
          <circle cx="14" cy="12" r="9" fill="#eb001b" />
          <circle cx="24" cy="12" r="9" fill="#f79e1b" />
          <path d="M19 4.4a9 9 0 0 1 0 15.2 9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </svg>
      </span>
    );
  }
  if (id === 'amex' || id === 'american_express' || id === 'american express') {
    return (
      <span aria-hidden="true" title={name} data-brand="amex" className={`${FRAME} bg-[#006fcf] ring-[#006fcf]`}>
        <span className="text-[0.7rem] font-extrabold tracking-wide text-white">AMEX</span>
      </span>
    );
  }
  if (id === 'discover') {
    return (
      <span aria-hidden="true" title={name} data-brand={id} className={`${FRAME} bg-white ring-slate-200`}>
        <span className="text-[0.6rem] font-bold tracking-tight text-slate-900">
          DISC<span className="text-[#f76f20]">●</span>VER
        </span>
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      title={name}
      data-brand={id}
      className="flex h-9 min-w-14 shrink-0 items-center justify-center rounded-md bg-slate-100 px-2 text-xs font-semibold text-slate-700"
    >
      {name}
    </span>
  );
}

/** The manual-invoice method's mark. */
export function InvoiceMark() {
  return (
    <span aria-hidden="true" data-brand="invoice" className={`${FRAME} bg-slate-100 text-slate-600 ring-slate-200`}>
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-5">
        <path d="M5 2.5h7l3 3v12H5z" />
        <path d="M8 9h5M8 12h5M8 15h3" />
      </svg>
    </span>
  );
}
