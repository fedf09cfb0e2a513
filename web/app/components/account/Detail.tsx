/** One term and its value in a My training card's description list (`<dl>`). */
export function Detail({term, value}: {term: string; value: string}) {
  return (
    <div>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  )
}
