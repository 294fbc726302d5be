import { State } from 'country-state-city'
import type { State as ApiState } from '../../contract/references/schemas'
import { countryIdOf } from './country-ids'
import { assignStableIds } from './stable-ids'

export interface StateRecord extends ApiState {
  countryIso: string
}

interface StateIndex {
  byId: Map<number, StateRecord>
  byKey: Map<string, StateRecord>
  byCountry: Map<number, StateRecord[]>
}

let index: StateIndex | undefined

export const stateKey = (countryIso: string, stateIso: string) => `${countryIso}|${stateIso}`

/** The states of every country, numbered once per process (stable-ids.ts). */
export function stateIndex(): StateIndex {
  if (index) return index
  const all = State.getAllStates()
  const ids = assignStableIds(all.map((state) => stateKey(state.countryCode, state.isoCode)))
  const built: StateIndex = { byId: new Map(), byKey: new Map(), byCountry: new Map() }
  for (const state of all) {
    const key = stateKey(state.countryCode, state.isoCode)
    const record: StateRecord = {
      id: ids.get(key) ?? 0,
      country_id: countryIdOf(state.countryCode),
      iso_code: state.isoCode,
      title: state.name,
      countryIso: state.countryCode,
    }
    built.byId.set(record.id, record)
    built.byKey.set(key, record)
    const list = built.byCountry.get(record.country_id) ?? []
    list.push(record)
    built.byCountry.set(record.country_id, list)
  }
  for (const list of built.byCountry.values()) list.sort((a, b) => a.title.localeCompare(b.title))
  index = built
  return built
}

export function toApiState(record: StateRecord): ApiState {
  return { id: record.id, country_id: record.country_id, iso_code: record.iso_code, title: record.title }
}
