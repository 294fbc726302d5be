import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { discoverMachines, repositoryRoot } from './flow-docs/discover-machines'
import { renderFlowDoc, renderFlowIndex } from '../src/flow-graph/flow-doc'
import { descriptionTextsOf, renderDescriptionMessages } from '../src/flow-graph/descriptions'
import { format, resolveConfig } from 'prettier'

// Writes docs/flows/<machine-id>.md for every machine and the README that lists them; pages of
// machines that no longer exist are removed, so the folder always mirrors machines/.
const flowsDir = join(repositoryRoot, 'docs', 'flows')
const entries = await discoverMachines()
mkdirSync(flowsDir, { recursive: true })

const pages = new Map(entries.map((entry) => [`${entry.machine.id}.md`, renderFlowDoc(entry)]))
pages.set('README.md', renderFlowIndex(entries))
for (const file of readdirSync(flowsDir)) {
  if (file.endsWith('.md') && !pages.has(file)) rmSync(join(flowsDir, file))
}
for (const [file, text] of pages) writeFileSync(join(flowsDir, file), text)
console.log(`docs/flows: ${[...pages.keys()].sort().join(', ')}`)

// The Lingui messages of the machines' descriptions (then `npm run i18n:extract` and translate the new ones).
const messagesFile = join(repositoryRoot, 'src', 'flows', 'flow-diagrams', 'description-messages.ts')
const messages = renderDescriptionMessages(descriptionTextsOf(entries.map((entry) => entry.machine)))
writeFileSync(
  messagesFile,
  await format(messages, { ...(await resolveConfig(messagesFile)), filepath: messagesFile }),
)
console.log('src/flows/flow-diagrams/description-messages.ts')
