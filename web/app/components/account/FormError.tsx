/**
 * A portal form's refusal, as the server said it: announced at once (role="alert"), nothing
 * rendered while there is none.
 */
export function FormError({message}: {message: string | null | undefined}) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}
