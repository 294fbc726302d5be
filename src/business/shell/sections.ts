import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Rights } from '../../../contract/access/rights-catalogue'
import {
  accountPages as accountPageEntries,
  canRead as canReadSection,
  workspaceSections,
  type WorkspaceSection,
} from '../../../contract/workspace-sections'

export { canEdit } from '../../../contract/workspace-sections'

/**
 * One section of the workspace (contract/workspace-sections.ts, which the server's drawn frame reads too) with its
 * name in the app's catalog.
 */
export interface Section extends WorkspaceSection {
  name: MessageDescriptor
}

/** Each section's name, as the navigation shows it: the same English source as the section's `title`. */
export const sectionNames: Record<WorkspaceSection['key'], MessageDescriptor> = {
  overview: msg`Overview`,
  book: msg`Appointment book`,
  services: msg`Services`,
  'chain-services': msg`Chain services`,
  categories: msg`Service categories`,
  staff: msg`Staff`,
  labels: msg`Labels`,
  clients: msg`Clients`,
  'client-categories': msg`Client categories`,
  customFields: msg`Custom fields`,
  'working-hours': msg`Working hours`,
  positions: msg`Positions`,
  'record-groups': msg`Halls and departments`,
  resources: msg`Resources`,
  'goods-categories': msg`Goods categories`,
  storages: msg`Storages`,
  'payment-methods': msg`Payment methods`,
  accounts: msg`Accounts`,
  licence: msg`Licence`,
  profile: msg`Company profile`,
  'online-booking': msg`Booking on your site`,
  security: msg`Security`,
}

const named = (section: WorkspaceSection): Section => ({ ...section, name: sectionNames[section.key] })

/** The sections that have a screen, in the order the navigation lists them. */
export const sections: Section[] = workspaceSections.map(named)

/** The user's own pages, reached from the user menu rather than the navigation. */
export const accountPages: Section[] = accountPageEntries.map(named)

/** The section or account page of a key. */
export const pageOf = (key: Section['key']) =>
  [...sections, ...accountPages].find((candidate) => candidate.key === key)!

/** Whether the user's rights open a section (contract/workspace-sections.ts). */
export const canRead = (rights: Rights, section: Section, inChain = false) =>
  canReadSection(rights, section, inChain)

/** The sections the user's rights in a company let them see; `inChain`: the company belongs to a chain. */
export const visibleSections = (rights: Rights, inChain = false) =>
  sections.filter((section) => canRead(rights, section, inChain))
