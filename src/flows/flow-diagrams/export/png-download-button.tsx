import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { downloadBlob } from '../../../ui/download'
import { pngOfSvg } from './diagram-png'

/**
 * "Download PNG": the drawn diagram (the same standalone SVG the SVG download gives) painted at twice its size.
 * `svg` answers that SVG with its size, or null while the diagram is not drawn (`ready` false).
 */
export function PngDownloadButton({
  fileName,
  ready,
  svg,
}: {
  fileName: string
  ready: boolean
  svg: () => { text: string; width: number; height: number } | null
}) {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const download = async () => {
    const drawn = svg()
    if (!drawn) return
    setBusy(true)
    setFailed(false)
    try {
      downloadBlob(fileName, await pngOfSvg(drawn.text, drawn.width, drawn.height))
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="button" onClick={() => void download()} disabled={busy || !ready}>
        <Trans>Download PNG</Trans>
      </button>
      {failed ? <span role="alert">{t`The PNG could not be made; download the SVG instead.`}</span> : null}
    </>
  )
}
