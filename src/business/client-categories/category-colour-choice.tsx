import { Trans, useLingui } from '@lingui/react/macro'
import { labelPalette } from '../labels/label-colors'

/** The colours offered: the labels' palette, with a category's own colour first when it is not one of them. */
const choicesWith = (current: string) =>
  labelPalette.includes(current.toLowerCase()) ? labelPalette : [current, ...labelPalette]

/**
 * A client category as it shows on a client card: a dot of its colour before its title. The title stays in the
 * page's ink: on many colours (the demo's own blue and green among them) neither white nor dark text reaches
 * the contrast WCAG asks for.
 */
export function CategoryChip({ title, color }: { title: string; color: string }) {
  return (
    <span className="category-chip">
      <span className="category-chip__dot" style={{ background: color }} aria-hidden="true" />
      {title}
    </span>
  )
}

/** The colour of a client category, as round swatches that are radio buttons. */
export function CategoryColourChoice(props: { value: string; onChange: (color: string) => void }) {
  const { t } = useLingui()
  return (
    <fieldset className="color-choice">
      <legend>
        <Trans>Colour</Trans>
      </legend>
      {choicesWith(props.value).map((color) => (
        <label key={color} className="color-choice__option" style={{ background: color }}>
          <input
            type="radio"
            name="category-color"
            value={color}
            checked={props.value === color}
            onChange={() => props.onChange(color)}
            aria-label={t`Colour ${color}`}
          />
        </label>
      ))}
    </fieldset>
  )
}
