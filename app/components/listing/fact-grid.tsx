import type { ReactNode } from "react";

/** A label and its value; a null value is not given and not shown. */
export type Fact = [label: string, value: ReactNode];

/**
 * Label and value pairs in two columns (three from a tablet's width), the given ones only: the listing page's
 * details, costs and energy facts read the same way.
 */
export function FactGrid({ facts, className = "" }: { facts: Fact[]; className?: string }) {
  const given = facts.filter(([, value]) => value !== null);
  if (given.length === 0) return null;
  return (
    <dl className={`grid grid-cols-2 gap-x-6 sm:grid-cols-3 ${className}`}>
      {given.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5 border-b border-line py-3">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
