/** A plain page naming a screen that a later issue builds (issue 2 allows it until then). */
export default function PlannedScreen({ title = 'Coming soon' }: { title?: string }) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
        The {title} screen is being built and will appear here soon.
      </p>
    </section>
  );
}
