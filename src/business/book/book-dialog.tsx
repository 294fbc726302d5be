import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A native modal dialog of the book (it traps focus, closes on Escape and is announced as a dialog); its
 * content is mounted only while it is open, so each opening starts afresh.
 */
export function BookDialog(props: {
  open: boolean
  labelledBy: string
  onClose: () => void
  children: ReactNode
}) {
  const { open, labelledBy, onClose, children } = props
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
  return (
    <dialog ref={dialog} className="modal book-dialog" aria-labelledby={labelledBy} onClose={onClose}>
      {open ? children : null}
    </dialog>
  )
}
