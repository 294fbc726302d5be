import {
  customFieldLimits,
  LIST_TYPE,
  type CompanyCustomField,
  type CustomFieldCreate,
  type CustomFieldKind,
  type CustomFieldTypeSlug,
  type CustomFieldUpdate,
} from '../../../contract/custom-fields/schemas'

/** One option row of the form: `key` tells rows apart on screen, `id` is the option's key on the server. */
export interface OptionDraft {
  key: string
  id?: string
  title: string
}

/** What the field form holds while the user types. */
export interface FieldDraft {
  title: string
  type: CustomFieldTypeSlug
  options: OptionDraft[]
  showInRecordWindow: boolean
  showInClientWindow: boolean
}

let optionRows = 0
/** A key for a new option row, unique for the page's life. */
export const newOptionRow = (title = ''): OptionDraft => ({ key: `option-${(optionRows += 1)}`, title })

/** A new field of a kind: a text field that shows in its own kind's window, as the server would make it. */
export const emptyDraft = (kind: CustomFieldKind): FieldDraft => ({
  title: '',
  type: 'text',
  options: [],
  showInRecordWindow: kind === 'record',
  showInClientWindow: kind === 'client',
})

/** The form filled from a saved field. */
export const draftOf = (field: CompanyCustomField): FieldDraft => ({
  title: field.title,
  type: field.type as CustomFieldTypeSlug,
  options: field.values.map((value) => ({ ...newOptionRow(value.title), id: value.id })),
  showInRecordWindow: field.ui_options?.show_in_record_window ?? false,
  showInClientWindow: field.ui_options?.show_in_client_window ?? false,
})

/** The draft with another type; becoming a list, it gets an empty option row to type into. */
export function withType(draft: FieldDraft, type: CustomFieldTypeSlug): FieldDraft {
  const options = type === LIST_TYPE && draft.options.length === 0 ? [newOptionRow()] : draft.options
  return { ...draft, type, options }
}

/** The options that count: rows left blank are dropped, not refused. */
const filledOptions = (draft: FieldDraft) =>
  draft.options
    .map((option) => ({ ...option, title: option.title.trim() }))
    .filter((option) => option.title !== '')

export type TitleProblem = 'required' | 'tooLong'
export type OptionsProblem = 'required' | 'tooMany'
export type OptionProblem = 'repeated' | 'tooLong'

export interface DraftProblems {
  title?: TitleProblem
  /** About the list as a whole. */
  options?: OptionsProblem
  /** About one option row, by its key. */
  option: Record<string, OptionProblem>
}

/** What is wrong with a draft, by the same rules as the server's (contract/custom-fields/schemas.ts). */
export function draftProblems(draft: FieldDraft): DraftProblems {
  const problems: DraftProblems = { option: {} }
  const title = draft.title.trim()
  if (title === '') problems.title = 'required'
  else if (title.length > customFieldLimits.title) problems.title = 'tooLong'
  if (draft.type !== LIST_TYPE) return problems
  const options = filledOptions(draft)
  if (options.length === 0) problems.options = 'required'
  else if (options.length > customFieldLimits.options) problems.options = 'tooMany'
  const seen = new Set<string>()
  for (const option of options) {
    const folded = option.title.toLowerCase()
    if (option.title.length > customFieldLimits.option) problems.option[option.key] = 'tooLong'
    else if (seen.has(folded)) problems.option[option.key] = 'repeated'
    seen.add(folded)
  }
  return problems
}

export const hasProblems = (problems: DraftProblems) =>
  problems.title !== undefined || problems.options !== undefined || Object.keys(problems.option).length > 0

const valuesOf = (draft: FieldDraft) =>
  draft.type === LIST_TYPE
    ? filledOptions(draft).map((option) =>
        option.id ? { id: option.id, title: option.title } : { title: option.title },
      )
    : []

const uiOptionsOf = (draft: FieldDraft) => ({
  show_in_record_window: draft.showInRecordWindow,
  show_in_client_window: draft.showInClientWindow,
})

/** The body that creates the field; its code is left to the server, which makes it from the title. */
export const createBody = (kind: CustomFieldKind, draft: FieldDraft): CustomFieldCreate => ({
  parent_entity_type: kind,
  type: draft.type,
  title: draft.title.trim(),
  values: valuesOf(draft),
  ui_options: uiOptionsOf(draft),
})

/** The body that saves the form over the field: options only for a list (the server drops them otherwise). */
export const updateBody = (draft: FieldDraft): CustomFieldUpdate => ({
  type: draft.type,
  title: draft.title.trim(),
  ...(draft.type === LIST_TYPE ? { values: valuesOf(draft) } : {}),
  ui_options: uiOptionsOf(draft),
})
