/** The e-mail input of the auth screens (SPEC.md: no rule beyond input type e-mail). */
export function EmailField() {
  return (
    <div>
      <label htmlFor="email" className="field-label">
        Email
      </label>
      <input id="email" name="email" type="email" required autoComplete="email" className="text-input" />
    </div>
  );
}
