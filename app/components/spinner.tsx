/** The spinner shown while something loads or saves. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-10">
      <span className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
