import { useLingui } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'
import { useModalDialog } from './modal-dialog'

interface ErrorModalContent {
  title: string
  message: string
}

let current: ErrorModalContent | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Opens the error modal, for failures the user must acknowledge, such as an authorization error. */
export function showErrorModal(content: ErrorModalContent) {
  current = content
  emit()
}

function closeErrorModal() {
  current = null
  emit()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A native dialog: it traps focus, closes on Escape and is announced as a dialog. */
export function ErrorModal() {
  const { t } = useLingui()
  const content = useSyncExternalStore(subscribe, () => current)
  const dialog = useModalDialog(content !== null)

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="error-modal-title" onClose={closeErrorModal}>
      {content ? (
        <>
          <h2 id="error-modal-title">{content.title}</h2>
          <p>{content.message}</p>
          <button type="button" className="button" onClick={closeErrorModal} autoFocus>
            {t`OK`}
          </button>
        </>
      ) : null}
    </dialog>
  )
}
