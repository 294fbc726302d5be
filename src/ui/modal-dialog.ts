import { useEffect, useRef } from 'react'

/**
 * A native `<dialog>` shown as a modal while `open` (it traps focus, closes on Escape and is announced as a
 * dialog) and closed otherwise. jsdom has no showModal(): there the dialog is only marked open.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal()
      else element.setAttribute('open', '')
    }
    if (!open && element.open) element.close()
  }, [open])
  return dialog
}
