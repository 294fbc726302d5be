/**
 * A field that people never see or reach: off-screen, hidden from assistive technology and out of
 * the tab order. Robots that fill every field fill it too, and the server then pretends to succeed.
 */
export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}
