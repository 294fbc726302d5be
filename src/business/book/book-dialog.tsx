import type { ReactNode } from 'react'
import { useModalDialog } from '../../ui/modal-dialog'

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
  const dialog = useModalDialog(open)
  return (
    <dialog ref={dialog} className="modal book-dialog" aria-labelledby={labelledBy} onClose={onClose}>
      {open ? children : null}
    </dialog>
  )
}
