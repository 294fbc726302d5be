import { describe, expect, it } from 'vitest'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { describedItemsOf, descriptionTextsOf } from '../../src/flow-graph/descriptions'
import { descriptionMessages } from '../../src/flows/flow-diagrams/description-messages'

const entries = await discoverMachines()
const machines = entries.map((entry) => entry.machine)

describe('plain-language descriptions of the machines', () => {
  it.each(machines.map((machine) => [machine.id, machine] as const))(
    '%s: every state and every transition has a description',
    (_, machine) => {
      const missing = describedItemsOf(machine)
        .filter((item) => !item.description)
        .map((item) => `${item.kind} ${item.id}`)
      expect(missing).toEqual([])
    },
  )

  it('has a catalog message for every description and none for a removed one (npm run docs:flows)', () => {
    expect(Object.keys(descriptionMessages).sort()).toEqual(descriptionTextsOf(machines))
    for (const [text, descriptor] of Object.entries(descriptionMessages))
      expect(descriptor.message).toBe(text)
  })

  it('counts the descriptions', () => {
    const items = machines.flatMap(describedItemsOf)
    expect(items.filter((item) => item.kind === 'state').length).toBeGreaterThan(150)
    expect(items.filter((item) => item.kind === 'transition').length).toBeGreaterThan(250)
  })
})
